import DiningHours
import Foundation

/// `venuectl`'s entry point: parses the command line, runs the command and turns
/// every `CLIError` into one line on stderr and its exit code. Clock and environment
/// come in from `main.swift`, so tests can fix them.
public enum Venuectl {
    public static let version = "0.1.0"

    public static func run(_ arguments: [String], now: Instant, environment: [String: String], stdoutIsTTY: Bool) -> Int32 {
        do {
            return try dispatch(arguments, now: now, environment: environment, stdoutIsTTY: stdoutIsTTY)
        } catch {
            writeError("venuectl: \(error)")
            return error.exitCode
        }
    }

    private static func dispatch(_ arguments: [String], now: Instant, environment: [String: String], stdoutIsTTY: Bool) throws(CLIError) -> Int32 {
        guard let command = arguments.first else { return try status([], now: now, environment: environment, stdoutIsTTY: stdoutIsTTY) }
        switch command {
        case "status":
            return try status(Array(arguments.dropFirst()), now: now, environment: environment, stdoutIsTTY: stdoutIsTTY)
        case "--version", "version":
            write("venuectl \(version)\n")
            return 0
        case "--help", "-h", "help":
            write("usage: venuectl status [VENUE...] [options]\n       venuectl --version\n\nRun 'venuectl status --help' for the options.\n")
            return 0
        default:
            throw .usage("unknown command '\(command)': the commands are status and --version")
        }
    }

    private static func status(_ arguments: [String], now: Instant, environment: [String: String], stdoutIsTTY: Bool) throws(CLIError) -> Int32 {
        let options = try StatusOptions.parse(arguments)
        if options.help {
            write(StatusOptions.helpText + "\n")
            return 0
        }
        let feed = try FeedFile.load(path: options.data)
        if let first = feed.feed.warnings.first, options.data != nil {
            let more = feed.feed.warnings.count > 1 ? " (and \(feed.feed.warnings.count - 1) more)" : ""
            writeError("venuectl: note: skipped part of \(options.data!): \(first)\(more)")
        }
        let report = try StatusReport(options: options, feed: feed, now: now)
        if options.json {
            write(StatusJSON.render(report))
        } else {
            let color = stdoutIsTTY && environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb"
            let userZone = environment["TZ"].flatMap { TimeZone(identifier: $0.hasPrefix(":") ? String($0.dropFirst()) : $0) }?.identifier
                ?? TimeZone.current.identifier
            write(StatusText(report: report, color: color, userZone: userZone).render())
        }
        return 0
    }

    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func writeError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
