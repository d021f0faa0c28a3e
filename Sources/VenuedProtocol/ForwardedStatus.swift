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
/// renderers. Anything else — venued down, an error, another command — returns nil and
/// the ordinary path runs, which gives the same answer, or the error, its own way.
/// The client side is venuectl's (`ForwardedStatus.answer`, in VenuectlApp).
public enum ForwardedStatus {
    /// The variables `venuectl status` reads (config file, favorites, colour, zone, width).
    public static let environmentNames = ["HOME", "XDG_CONFIG_HOME", "NO_COLOR", "TERM", "COLUMNS", "TZ"]

    /// Daemon side: the options and presentation `venuectl status` would use with these
    /// arguments and variables. Refuses what only the client can do.
    public static func resolve(arguments: [String], environment: [String: String], stdoutIsTTY: Bool) throws(CLIError) -> (StatusOptions, StatusPresentation) {
        var (options, _) = try StatusOptions.parse(arguments, environment: environment)
        guard options.data == nil, options.socket == nil, !options.help else {
            throw .usage("--data, --socket and --help are for venuectl itself, not venued")
        }
        if options.favorites { options.favoritesFile = Favorites.path(environment: environment) }
        return (options, StatusPresentation(options.format, environment: environment, stdoutIsTTY: stdoutIsTTY))
    }
}
