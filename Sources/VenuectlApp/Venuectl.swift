import DiningHours
import Glibc
import VenueReports
import VenuedProtocol
import VenuedSystem

/// `venuectl`'s entry point: picks the command from one table (which also writes
/// `venuectl --help`), runs it and turns every `CLIError` into one line on stderr and
/// its exit code. Clock and environment come in from `main.swift`, so tests can fix them.
public enum Venuectl {
    static let commands: [Command] = [
        Command(name: "status", summary: "which venues are open, when they close and open next (the default)",
                operands: .venues, flags: StatusOptions.table.specs, run: StatusCommand.run),
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
        Command(name: "watch", summary: "the status again each time it changes (for status bars that read a stream)",
                operands: .venues, flags: WatchCommand.flags, run: WatchCommand.run),
        Command(name: "favorites", summary: "add, remove or list the venues 'status --favorites' shows",
                operands: .choice(FavoritesCommand.actions), flags: FavoritesCommand.table.specs, run: FavoritesCommand.run),
        Command(name: "info", summary: "what venued serves: source, fetch time, dates, last error, next refresh",
                operands: .none, flags: InfoCommand.table.specs, run: InfoCommand.run),
        Command(name: "refresh", summary: "ask venued to fetch the venues now",
                operands: .none, flags: RefreshCommand.table.specs, run: RefreshCommand.run),
        Command(name: "completions", summary: "print the completion script for bash, zsh or fish",
                operands: .choice(CompletionsCommand.shells), flags: CompletionsCommand.table.specs, run: CompletionsCommand.run),
        Command(name: "help", summary: "show the help of venuectl, or of a command",
                operands: .command, flags: [], run: HelpCommand.run),
        Command(name: VenueNamesCommand.name, summary: "venue slugs and names from the local copy, for completion scripts",
                operands: .none, flags: VenueNamesCommand.table.specs, hidden: true, run: VenueNamesCommand.run),
    ]

    /// The commands a person is shown.
    static var visibleCommands: [Command] { commands.filter { !$0.hidden } }

    public static func run(_ arguments: [String], now: Instant, environment: [String: String], stdoutIsTTY: Bool) -> Int32 {
        let context = Context(now: now, environment: environment, stdoutIsTTY: stdoutIsTTY, uid: getuid())
        do {
            return try dispatch(arguments, context)
        } catch {
            writeError("venuectl: \(error)")
            let command = commands.first { $0.name == arguments.first }
            return command?.exitCode(error) ?? error.exitCode
        }
    }

    private static func dispatch(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        guard let name = arguments.first else { return try StatusCommand.run([], context) }
        if let command = commands.first(where: { $0.name == name }) {
            do { return try command.run(Array(arguments.dropFirst()), context) } catch { throw error.pointing(to: command.name) }
        }
        switch name {
        case "--version", "version":
            write("venuectl \(Release.version)\n")
            return 0
        case "--help", "-h":
            write(helpText + "\n")
            return 0
        default:
            // `status` is the default command: `venuectl commons`, `venuectl --open-now`.
            do { return try StatusCommand.run(arguments, context) } catch {
                guard case .unknownVenue(let query, _) = error, query == name, !name.hasPrefix("-") else { throw error }
                let names = visibleCommands.map(\.name).joined(separator: ", ")
                throw .usage("unknown command or venue '\(name)': the commands are \(names), and 'venuectl status' lists the venues",
                             help: "venuectl --help")
            }
        }
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

    /// Everything venuectl prints on stdout. What it renders itself comes from clean
    /// data (`Venue` cleans its text), but it also copies out text venued rendered —
    /// possibly an older venued, still running after an upgrade — and a user's
    /// template: only `\n`, TAB and colour (SGR) reach the terminal, whatever they hold.
    static func write(_ text: String) { writeAll(UntrustedText.terminalOutput(text), to: STDOUT_FILENO) }

    /// One error line on stderr. Errors quote what the user typed, what a file holds
    /// and what venued relayed, so the line is cleaned here, once, for all of them.
    static func writeError(_ line: String) { writeAll(UntrustedText.singleLine(line) + "\n", to: STDERR_FILENO) }

    /// Whole writes despite short counts and EINTR; a closed pipe (`venuectl | head`)
    /// ends the output quietly, as SIGPIPE is ignored by `main`.
    private static func writeAll(_ text: String, to fd: Int32) {
        var text = text
        _ = text.withUTF8 { Syscall.writeAll(fd, UnsafeRawBufferPointer($0)) }
    }
}
