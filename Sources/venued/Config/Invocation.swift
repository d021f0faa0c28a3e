/// What the command line asks for.
enum Invocation {
    case run(overrides: [(Setting, String)]), check(path: String?), help, version

    static func parse(_ arguments: [String]) throws(DaemonError) -> Invocation {
        if arguments.first == "--check" {
            guard arguments.count <= 2 else { throw .config("--check takes at most one FILE (see 'venued --help')") }
            return .check(path: arguments.count == 2 ? arguments[1] : nil)
        }
        var overrides: [(Setting, String)] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--help", "-h": return .help
            case "--version": return .version
            case "--check": throw .config("--check must come first: venued --check [FILE]")
            default: break
            }
            // Empty pieces kept: "" and "=x" are unknown options, "--refresh=" an empty value.
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let setting = Setting.all.first(where: { $0.flag == parts[0] }) else {
                throw .config("unknown option '\(argument)' (see 'venued --help')")
            }
            guard let value = parts.count == 2 ? parts[1] : rest.popFirst() else {
                throw .config("\(setting.flag) needs a value (\(setting.placeholder))")
            }
            overrides.append((setting, value))
        }
        return .run(overrides: overrides)
    }

    static var helpText: String {
        let heads = Setting.all.map { "\($0.flag) \($0.placeholder)" }
        let width = heads.map(\.count).max() ?? 0
        let lines = zip(heads, Setting.all).map { head, setting in
            "  " + head + String(repeating: " ", count: width - head.count + 2) + setting.help + " [\(setting.key)]"
        }
        return """
        usage: venued [options]          run the daemon in the foreground
               venued --check [FILE]     validate a venues feed (the bundled one by default)
                                         and the config file, its prompt lines included

        Keeps Penn dining hours warm and answers on a Unix socket: the protocol is in
        /usr/share/doc/venued/PROTOCOL.md (gzipped by the Debian package; docs/ in the source).
        Options override the config file $XDG_CONFIG_HOME/venued/config [key in brackets].
        Its 'prompt.NAME = STATUS-ARGUMENTS' lines keep files current for shell prompts:
        prompt/NAME beside the socket (SOCKET.prompt/NAME for a --socket) holds what
        'venuectl status STATUS-ARGUMENTS' prints.

        options:
        \(lines.joined(separator: "\n"))

        signals: SIGHUP reloads the config file, SIGTERM/SIGINT stop.
        exit codes: 0 stopped, 2 usage or config (--check: a bad prompt line too),
                    3 already running, 4 unreadable file,
                    5 invalid feed, 6 socket set-up failed, 70 no time-zone data
        """
    }
}
