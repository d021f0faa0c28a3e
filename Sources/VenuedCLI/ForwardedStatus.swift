import Glibc

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
public enum ForwardedStatus {
    /// The variables `venuectl status` reads (config file, favorites, colour, zone, width).
    public static let environmentNames = ["HOME", "XDG_CONFIG_HOME", "NO_COLOR", "TERM", "COLUMNS", "TZ"]

    /// Client side: the exit code when venued answered, nil to take the ordinary path.
    public static func answer(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32? {
        guard argc == 1 || (argc >= 2 && argv[1].map { strcmp($0, "status") == 0 } == true) else { return nil }
        var arguments = "["
        for index in 2..<max(2, Int(argc)) {
            guard let argument = argv[index] else { return nil }
            for flag in ["--data", "--socket", "--help", "-h"] where strcmp(argument, flag) == 0 || strncmp(argument, flag + "=", flag.utf8.count + 1) == 0 {
                return nil
            }
            arguments += (index > 2 ? "," : "") + JSONText.quote(String(cString: argument))
        }
        var environment = "{"
        for name in environmentNames {
            guard let value = getenv(name) else { continue }
            environment += (environment.count > 1 ? "," : "") + JSONText.quote(name) + ":" + JSONText.quote(String(cString: value))
        }
        let request = #"{"v":1,"cmd":"venuectl","args":"# + arguments + #"],"env":"# + environment + #"},"tty":"#
            + (isatty(STDOUT_FILENO) == 1 ? "true" : "false") + "}"
        let socket = DaemonConnection.path(flag: nil, variable: { getenv($0).map { String(cString: $0) } }, uid: getuid())
        guard case .success(let answer) = DaemonConnection(path: socket).exchange(request, timeout: DaemonStatus.budget),
              answer.ok, case .string(let text)? = answer.value["text"] else { return nil }
        Venuectl.write(text)
        return 0
    }

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
