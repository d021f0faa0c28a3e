import Glibc
import DiningHours
import VenueAnswers

/// `venuectl status` handed to venued whole: the prompt's path.
///
/// A Swift process pays for its first dictionaries, sets and generic types (the runtime
/// demangles and scans conformances on first use), about 0.5 ms that a C client does
/// not. So before any of that, `main` tries this: when the command line is a `status`
/// venued can answer alone (no `--data`, `--socket` or `--help`), it forwards the
/// arguments, the few variables status reads and whether stdout is a terminal, and
/// prints the text venued renders with the very same option parser, config file and
/// renderers. A refusal is venuectl's own error (the same line and exit code), printed
/// at once: one question, one request. Anything else — venued down or not speaking the
/// protocol, another command — returns nil and the ordinary path runs.
/// The client side is venuectl's (`ForwardedStatus.answer`, in VenuectlApp).
public enum ForwardedStatus {
    /// The variables `venuectl status` reads (config file, favorites, colour, zone, width).
    public static let environmentNames = ["HOME", "XDG_CONFIG_HOME", "NO_COLOR", "TERM", "COLUMNS", "TZ"]

    /// Daemon side: the options and presentation `venuectl status` would use with these
    /// arguments and variables, or the error it would stop with, word for word (a zone
    /// that venuectl.conf names is blamed on its line, as `StatusCommand` does): venuectl
    /// prints a refusal as its own and does not ask again. Refuses what only the client
    /// can do.
    public static func resolve(arguments: [String], environment: [String: String], stdoutIsTTY: Bool) throws(CLIError) -> (StatusOptions, StatusPresentation) {
        var (options, configured) = try StatusOptions.parse(arguments, environment: environment)
        guard options.data == nil, options.socket == nil, !options.help else {
            throw .usage("--data, --socket and --help are for venuectl itself, not venued")
        }
        do { _ = try StatusReport.zone(options.tz) } catch {
            throw VenuectlConfig.attributing(error, zone: options.tz, location: configured["tz"])
        }
        if options.favorites { options.favoritesFile = Favorites.path(environment: environment) }
        return (options, StatusPresentation(options.format, environment: environment, stdoutIsTTY: stdoutIsTTY))
    }
}
