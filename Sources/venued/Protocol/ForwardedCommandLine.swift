import VenueReports
import VenuectlGrammar

/// The daemon's half of the prompt path (`ForwardedStatus`): the options and presentation
/// `venuectl status` would use with these arguments and variables, or the error it would
/// stop with, word for word. This is why venued imports venuectl's grammar: the same
/// flag table and venuectl.conf, so a forwarded line cannot mean something else here.
enum ForwardedCommandLine {
    static func resolve(arguments: [String], environment: [String: String], stdoutIsTTY: Bool) throws(CLIError) -> (StatusOptions, StatusPresentation) {
        var (options, configured) = try StatusOptions.parse(arguments, environment: environment)
        // A zone venuectl.conf names is blamed on its line, as `StatusCommand` does.
        do { _ = try StatusReport.zone(options.tz) } catch {
            throw VenuectlConfig.attributing(error, location: configured["tz"])
        }
        if options.favorites { options.favoritesFile = Favorites.path(environment: environment) }
        return (options, StatusPresentation(options.format, environment: environment, stdoutIsTTY: stdoutIsTTY))
    }
}
