import DiningHours
import VenuedSystem

/// Everything that can stop `venuectl`, each with one line for the user and its own
/// exit code so that scripts can tell them apart (see docs/COMMANDS.md, "Exit codes").
public enum CLIError: Error, Equatable, CustomStringConvertible {
    /// A flag, value or argument the command does not accept: exit 2. `help` is the
    /// command whose `--help` explains it.
    case usage(String, help: String = "venuectl status --help")
    /// A line of venuectl.conf that cannot be used (or the file itself), worded
    /// `path:line: what is wrong`: exit 2, as the flag the key stands for would be. A
    /// case of its own so that a bar can say "config error" rather than "usage error".
    case config(String)
    /// `--tz` or venuectl.conf's `tz` names no zone of the system's database: exit 2.
    /// `location` is the config file's `path:line` when the name came from there;
    /// `suggestion` the database's spelling of it (`america/new_york`), when it has one.
    case unknownZone(String, location: String?, suggestion: String? = nil)
    /// No venue matches: exit 3.
    case unknownVenue(String, suggestions: [String])
    /// A command that needs one venue got a name that several share: exit 2.
    case ambiguousVenue(String, candidates: [String])
    /// The data file cannot be read: exit 4.
    case unreadableData(path: String, reason: String)
    /// A file venuectl keeps (the favorites) cannot be written: exit 4, like an unreadable one.
    case unwritable(path: String, reason: String)
    /// `-o PATH` names something that is neither a file to replace nor a stream to write
    /// into (a directory, a socket, a block device): refused, never replaced.
    case notAnOutput(path: String, kind: String)
    /// The data file is not a venue list (or, for `kind: "menus"`, not a menus list): exit 5.
    case invalidData(path: String, reason: String, kind: String = "venue")
    /// `info` and `refresh` need venued, and it cannot be reached or used: exit 6.
    case daemonUnavailable(DaemonFailure)
    /// `refresh`: venued asked every source and none answered with venues: exit 7.
    case refreshFailed(String)
    /// `open`: the venue has no page to open: exit 8.
    case noPage(venue: String)
    /// `open`: the browser opener ran and failed: exit 9.
    case openFailed(String)
    /// A fault of the machine, not of the request (no usable time-zone data, no
    /// timerfd): exit 70.
    case environment(String)
    /// The answer could not be written to stdout (a full disk, a closed descriptor, a
    /// reader that went away), with the errno: exit 74, EX_IOERR of sysexits.h. Never 0:
    /// a script must not take an answer it never got for one.
    case outputFailed(errno: Int32)

    /// The exit code of `outputFailed`, which no other error uses.
    public static let outputFailedExitCode: Int32 = 74

    public var exitCode: Int32 {
        switch self {
        case .usage, .config, .ambiguousVenue, .unknownZone: return 2
        case .unknownVenue: return 3
        case .unreadableData, .unwritable: return 4
        case .invalidData: return 5
        case .daemonUnavailable: return 6
        case .refreshFailed: return 7
        case .noPage: return 8
        case .openFailed: return 9
        case .notAnOutput: return 10
        case .environment: return 70
        case .outputFailed: return Self.outputFailedExitCode
        }
    }

    public var description: String {
        switch self {
        case .usage(let message, let help):
            return "\(message) (see '\(help)')"
        case .config(let message):
            return "\(message) (see 'venuectl status --help')"
        case .unknownVenue(let query, let suggestions):
            let hint = suggestions.isEmpty
                ? "run 'venuectl status' to list the venues"
                : "did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?"
            return "no venue matches '\(query)': \(hint)"
        case .ambiguousVenue(let query, let candidates):
            return "'\(query)' matches \(candidates.count) venues: \(candidates.joined(separator: ", ")) — be more specific or use an id"
        case .unknownZone(let name, let location, let suggestion):
            let message = suggestion.map { "unknown time zone '\(UntrustedText.escaped(name))': did you mean '\($0)'?" }
                ?? "\(ZoneError.unknownZone(name))"
            return (location.map { "\($0): tz = \(name): " } ?? "") + message
        case .noPage(let venue):
            return "\(venue) has no web page that venuectl knows of (try 'venuectl hours \(venue)')"
        case .openFailed(let message):
            return message
        case .unreadableData(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .unwritable(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .invalidData(let path, let reason, let kind):
            return "\(path) is not usable \(kind) data: \(reason)"
        case .notAnOutput(let path, let kind):
            return "not writing to \(path): it is \(kind), neither a file nor a stream: give a file's path, or leave out -o to write to stdout"
        case .daemonUnavailable(let failure):
            return "\(failure.reason): \(failure.hint)"
        case .refreshFailed(let message):
            return "venued could not refresh: \(message)"
        case .environment(let message):
            return message
        case .outputFailed(let code):
            return "cannot write the answer: \(Syscall.Errno(code))"
        }
    }

    /// A file that could not be read, as the data error it is for venuectl (exit 4).
    package init(_ failure: BoundedFile.Failure) {
        self = .unreadableData(path: failure.path, reason: failure.reason)
    }

    /// The same error, with a usage error pointing to `command`'s help: shared helpers
    /// (`--at`, `--tz`) raise usage errors without knowing which command runs them.
    package func pointing(to command: String) -> CLIError {
        guard case .usage(let message, _) = self else { return self }
        return .usage(message, help: "venuectl \(command) --help")
    }
}
