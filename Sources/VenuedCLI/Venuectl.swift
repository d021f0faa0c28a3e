import DiningHours
import Glibc

/// `venuectl`'s entry point: picks the command from one table (which also writes
/// `venuectl --help`), runs it and turns every `CLIError` into one line on stderr and
/// its exit code. Clock and environment come in from `main.swift`, so tests can fix them.
public enum Venuectl {
    public static let version = "0.1.0"

    struct Command: Sendable {
        let name: String
        let summary: String
        let run: @Sendable ([String], Context) throws(CLIError) -> Int32
    }

    static let commands: [Command] = [
        Command(name: "status", summary: "which venues are open, when they close and open next (the default)", run: StatusCommand.run),
        Command(name: "watch", summary: "the status again each time it changes (for status bars that read a stream)", run: WatchCommand.run),
        Command(name: "info", summary: "what venued serves: source, fetch time, dates, last error, next refresh", run: InfoCommand.run),
        Command(name: "refresh", summary: "ask venued to fetch the venues now", run: RefreshCommand.run),
        Command(name: "favorites", summary: "add, remove or list the venues 'status --favorites' shows", run: FavoritesCommand.run),
    ]

    public static func run(_ arguments: [String], now: Instant, environment: [String: String], stdoutIsTTY: Bool) -> Int32 {
        let context = Context(now: now, environment: environment, stdoutIsTTY: stdoutIsTTY, uid: getuid())
        do {
            return try dispatch(arguments, context)
        } catch {
            writeError("venuectl: \(error)")
            return error.exitCode
        }
    }

    private static func dispatch(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        guard let name = arguments.first else { return try StatusCommand.run([], context) }
        if let command = commands.first(where: { $0.name == name }) {
            return try command.run(Array(arguments.dropFirst()), context)
        }
        switch name {
        case "--version", "version":
            write("venuectl \(version)\n")
            return 0
        case "--help", "-h", "help":
            write(helpText + "\n")
            return 0
        default:
            let names = commands.map(\.name).joined(separator: ", ")
            throw .usage("unknown command '\(name)': the commands are \(names)", help: "venuectl --help")
        }
    }

    static var helpText: String {
        let width = commands.map(\.name.count).max() ?? 0
        let lines = commands.map { "  " + $0.name + String(repeating: " ", count: width - $0.name.count + 2) + $0.summary }
        return """
            usage: venuectl [COMMAND] [options]

            Penn dining hours from venued, the daemon that keeps them fresh.

            commands:
            \(lines.joined(separator: "\n"))

            Run 'venuectl COMMAND --help' for a command's options; 'venuectl --version' for the version.
            """
    }

    static func write(_ text: String) { writeAll(text, to: STDOUT_FILENO) }

    static func writeError(_ line: String) { writeAll(line + "\n", to: STDERR_FILENO) }

    /// Whole writes despite short counts and EINTR; a closed pipe (`venuectl | head`)
    /// ends the output quietly, as SIGPIPE is ignored by `main`.
    private static func writeAll(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
