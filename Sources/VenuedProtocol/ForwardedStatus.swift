import VenueReports

/// `venuectl status` handed to venued whole: the prompt's path, as one codec both sides
/// compile (the request's members are named here and nowhere else).
///
/// A Swift process pays for its first dictionaries, sets and generic types (the runtime
/// demangles and scans conformances on first use), about 0.5 ms that a C client does
/// not. So before any of that, venuectl's `main` forwards a `status` command line that
/// venued can answer alone, with the few variables status reads and whether stdout is a
/// terminal, and prints the text venued renders with the very same grammar, config
/// file and renderers. A refusal is venuectl's own error, printed at once: one question,
/// one request. Anything else returns to the ordinary path.
public enum ForwardedStatus {
    /// The variables `venuectl status` reads (config file, favorites, colour, zone, width).
    public static let environmentNames = ["HOME", "XDG_CONFIG_HOME", "NO_COLOR", "TERM", "COLUMNS", "TZ"]

    /// Flags only venuectl can act on (its own file, another socket, its help): a command
    /// line with one of them, alone or as `--flag=value`, is never forwarded, and venued
    /// refuses one that is.
    public static let clientOnlyFlags = ["--data", "--socket", "--help", "-h"]

    /// The members of a `venuectl` request, in order.
    static let members = ["args", "env", "tty"]

    /// True when `argument` is one of `clientOnlyFlags`, alone or with `=value`.
    public static func isClientOnly(_ argument: String) -> Bool {
        clientOnlyFlags.contains { argument == $0 || argument.hasPrefix($0 + "=") }
    }

    /// The request line: `arguments` after `status`, the variables that are set, the tty bit.
    public static func request(arguments: [String], environment: [(name: String, value: String)], stdoutIsTTY: Bool) -> String {
        var line = Line()
        for argument in arguments { line.argument(argument) }
        for (name, value) in environment { line.variable(name, value) }
        return line.finished(stdoutIsTTY: stdoutIsTTY)
    }

    /// The request line written as it is read: every argument, then every variable,
    /// then the tty bit. The prompt's path builds it straight from argv and getenv:
    /// arrays of tuples, `map` and `joined` would cost it the runtime's first-use work
    /// for their generic types, more than all of its system calls.
    public struct Line {
        private var text: String
        private var arguments = 0
        private var variables = 0

        public init() {
            text = "{" + JSONText.quote("v") + ":" + String(Request.version) + "," + JSONText.quote("cmd") + ":"
                + JSONText.quote(Request.Command.venuectl.rawValue) + "," + JSONText.quote(members[0]) + ":["
        }

        /// The next argument after `status`; all of them come before any variable.
        public mutating func argument(_ argument: String) {
            if arguments > 0 { text += "," }
            text += JSONText.quote(argument)
            arguments += 1
        }

        /// A variable that is set.
        public mutating func variable(_ name: String, _ value: String) {
            text += variables == 0 ? "]," + JSONText.quote(members[1]) + ":{" : ","
            text += JSONText.quote(name) + ":" + JSONText.quote(value)
            variables += 1
        }

        public func finished(stdoutIsTTY: Bool) -> String {
            let environment = variables == 0 ? "]," + JSONText.quote(members[1]) + ":{" : ""
            return text + environment + "}," + JSONText.quote(members[2]) + ":" + (stdoutIsTTY ? "true" : "false") + "}"
        }
    }

    /// What a `venuectl` request carries; refuses a command line venuectl would not send.
    package static func decode(_ fields: RequestFields) throws(ProtocolError) -> (arguments: [String], environment: [String: String], stdoutIsTTY: Bool) {
        let arguments = try fields.strings(members[0])
        if let flag = arguments.first(where: isClientOnly) {
            throw ProtocolError("\(flag) is for venuectl itself, not venued", code: .usage)
        }
        return (arguments, try fields.stringMap(members[1]), try fields.flag(members[2]))
    }
}
