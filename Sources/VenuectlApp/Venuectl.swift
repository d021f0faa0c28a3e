import DiningHours
import Glibc
import VenueReports
import VenuectlGrammar
import VenuedProtocol
import VenuedSystem

/// One command table (which also writes `--help`); every `CLIError` becomes one stderr line and its exit code.
public enum Venuectl {
    static let commands: [Command] = [
        Command(name: "status", summary: "which venues are open, when they close and open next (the default)",
                operands: .venues, flags: StatusCommand.table.specs, run: StatusCommand.run),
        Command(name: "hours", summary: "one venue's hours day by day, with its address, page and messages",
                operands: .venue, flags: HoursCommand.table.specs, run: HoursCommand.run),
        Command(name: "next", summary: "upcoming openings and closings across venues, soonest first",
                operands: .venues, flags: NextCommand.table.specs, run: NextCommand.run),
        Command(name: "search", summary: "find venues by name, ranked, typos forgiven",
                operands: .text, flags: SearchCommand.table.specs, run: SearchCommand.run),
        Command(name: "is-open", summary: "for scripts: exit 0 if a venue is open, 1 if closed, 2 if unknown",
                operands: .venue, flags: IsOpenCommand.table.specs, exitCode: IsOpenCommand.exitCode, run: IsOpenCommand.run),
        Command(name: "open", summary: "open a venue's web page in the browser",
                operands: .venue, flags: OpenCommand.table.specs, run: OpenCommand.run),
        Command(name: "menu", summary: "what a venue serves: its current or next meal, a date's meals, by diet and allergen",
                operands: .venue, flags: MenuCommand.table.specs, run: MenuCommand.run),
        Command(name: "calendar", summary: "the venues' meals as an iCalendar file, for a calendar app",
                operands: .venues, flags: CalendarCommand.table.specs, run: CalendarCommand.run),
        Command(name: "watch", summary: "the status again each time it changes (for status bars that read a stream)",
                operands: .venues, flags: WatchCommand.table.specs.filter { $0.name != "--at" }, run: WatchCommand.run),
        Command(name: "notify", summary: "desktop notifications when favorite venues open, before they close, when hours change",
                operands: .none, flags: NotifyOptions.table.specs, exitCode: NotifyCommand.exitCode, run: NotifyCommand.run),
        Command(name: "favorites", summary: "add, remove, toggle or list the venues 'status --favorites' shows",
                operands: .choice(FavoritesCommand.actions), flags: FavoritesCommand.table.specs, run: FavoritesCommand.run),
        Command(name: "info", summary: "what venued serves: source, fetch time, dates, last error, next refresh",
                operands: .none, flags: InfoCommand.table.specs, run: InfoCommand.run),
        Command(name: "refresh", summary: "ask venued to fetch the venues now",
                operands: .none, flags: RefreshCommand.table.specs, run: RefreshCommand.run),
        Command(name: "completions", summary: "print the completion script for bash, zsh or fish",
                operands: .choice(CompletionsCommand.shells), flags: CompletionsCommand.table.specs, run: CompletionsCommand.run),
        Command(name: "help", summary: "show the help of venuectl, or of a command",
                operands: .command, flags: [], run: help),
        Command(name: VenueNamesCommand.name, summary: "venue slugs and names from the local copy, for completion scripts",
                operands: .none, flags: VenueNamesCommand.table.specs, hidden: true, run: VenueNamesCommand.run)]

    static var visibleCommands: [Command] { commands.filter { !$0.hidden } }

    public static func run(_ arguments: [String], now: Instant, environment: [String: String], stdoutIsTTY: Bool,
                           venuedFailure: DaemonFailure? = nil) -> Int32 {
        let context = Context(now: now, environment: environment, stdoutIsTTY: stdoutIsTTY, uid: getuid(), venuedFailure: venuedFailure)
        do { return try dispatch(arguments, context) } catch {
            let command = commands.first { $0.name == arguments.first }
            if command == nil || command?.name == "status", let code = sayInFormat(error, command == nil ? arguments : Array(arguments.dropFirst()), context) {
                return code
            }
            return fail(error, exitCode: command?.exitCode(error) ?? error.exitCode)
        }
    }

    private static func sayInFormat(_ error: CLIError, _ arguments: [String], _ context: Context) -> Int32? {
        // stdout itself failed: there is no bar left to say it in.
        if case .outputFailed = error { return nil }
        return StatusOptions.requestedFormat(arguments, environment: context.environment).flatMap { say(error, in: $0) }
    }

    /// In a bar's format the error goes to stdout, exit 0 (bars hide a failing command); the whole line to stderr.
    static func say(_ error: CLIError, in format: StatusFormat) -> Int32? {
        guard let shown = BarError.render(error, in: format) else { return nil }
        do { try write(shown) } catch { return fail(error, exitCode: error.exitCode) }
        writeError("venuectl: \(error)")
        return 0
    }

    /// A reader that went away (`venuectl status | head -1`) stopped on purpose: that exit is quiet, but not 0.
    static func fail(_ error: CLIError, exitCode: Int32) -> Int32 {
        if error != .outputFailed(errno: EPIPE) { writeError("venuectl: \(error)") }
        return exitCode
    }

    private static func dispatch(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        guard let name = arguments.first else { return try StatusCommand.run([], context) }
        if let command = commands.first(where: { $0.name == name }) {
            do { return try command.run(Array(arguments.dropFirst()), context) } catch { throw error.pointing(to: command.name) }
        }
        switch name {
        case "--version", "version": return try done("venuectl \(Release.version)\n")
        case "--help", "-h": return try done(helpText + "\n")
        default:
            // `status` is the default command: `venuectl commons`, `venuectl --open-now`.
            do { return try StatusCommand.run(arguments, context) } catch {
                guard case .answer(.unknownVenue(let query, _)) = error, query == name, !name.hasPrefix("-") else { throw error }
                let near = Spelling.closest(to: name, among: visibleCommands.map(\.name))
                guard near.isEmpty else {
                    let guesses = near.map { "'venuectl \($0)'" }.joined(separator: " or ")
                    throw .usage("unknown command or venue '\(name)': did you mean \(guesses)?", help: "venuectl --help")
                }
                let names = visibleCommands.map(\.name).joined(separator: ", ")
                throw .usage("unknown command or venue '\(name)': the commands are \(names), and 'venuectl status' lists the venues",
                             help: "venuectl --help")
            }
        }
    }

    static func help(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        let names = visibleCommands.map(\.name)
        guard let name = arguments.first, !["help", "--help", "-h"].contains(name) else {
            return try done(helpText + "\n")
        }
        guard arguments.count == 1, let command = visibleCommands.first(where: { $0.name == name }) else {
            if arguments.count == 1, let near = Spelling.closest(to: name, among: names).first {
                throw .usage("no command '\(name)': did you mean 'venuectl help \(near)'?", help: "venuectl --help")
            }
            throw .usage("help takes one command: \(names.joined(separator: ", ")), not '\(arguments.joined(separator: " "))'")
        }
        return try command.run(["--help"], context)
    }

    static var helpText: String {
        let width = visibleCommands.map(\.name.count).max() ?? 0
        let lines = visibleCommands.map { "  " + $0.name + String(repeating: " ", count: width - $0.name.count + 2) + $0.summary }
        return """
            usage: venuectl [COMMAND] [options]

            Penn dining hours from venued, the daemon that keeps them fresh.

            commands:
            \(lines.joined(separator: "\n"))

            Run 'venuectl help COMMAND' (or 'venuectl COMMAND --help') for a command's options; 'venuectl --version' for the version.
            """
    }

    /// Only `\n`, TAB and colour reach the terminal; a failed write is the command's error (74), never an exit 0.
    package static func write(_ text: String) throws(CLIError) {
        guard writeAll(UntrustedText.terminalOutput(text), to: STDOUT_FILENO) else { throw .outputFailed(errno: errno) }
    }

    static func done(_ text: String) throws(CLIError) -> Int32 {
        try write(text)
        return 0
    }

    /// A document its writer already cleaned (the iCalendar file): `write` would take its CRs for terminal tricks.
    static func writeDocument(_ text: String) throws(CLIError) {
        guard writeAll(text, to: STDOUT_FILENO) else { throw .outputFailed(errno: errno) }
    }

    /// Errors quote what the user typed, a file holds and venued relayed, so the line is cleaned here, once for all.
    package static func writeError(_ line: String) { _ = writeAll(UntrustedText.singleLine(line) + "\n", to: STDERR_FILENO) }

    /// False, errno set, when `fd` stops taking bytes (SIGPIPE is ignored: a closed pipe is EPIPE here).
    private static func writeAll(_ text: String, to fd: Int32) -> Bool {
        var text = text
        return text.withUTF8 { Syscall.writeAll(fd, UnsafeRawBufferPointer($0), waitingWhenFull: true) }
    }

    /// Else the next open (the socket) would take a closed stdout's number; read-only, so writes still fail (EBADF).
    public static func holdClosedStandardDescriptors() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
            let null = open("/dev/null", O_RDONLY | O_NOCTTY)
            // open returns the lowest free number, which is `fd` itself; anything else is not ours to keep.
            if null >= 0 && null != fd { close(null) }
        }
    }
}
