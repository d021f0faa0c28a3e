import VenueReports
import VenuedSystem

/// Everything that can stop `venuectl`, each with its own exit code for scripts (docs/COMMANDS.md, "Exit codes").
public enum CLIError: Error, Equatable, CustomStringConvertible {
    case answer(AnswerError)
    /// `-o PATH` is neither a file to replace nor a stream (a directory, a socket): refused, never replaced.
    case notAnOutput(path: String, kind: String)
    case daemonUnavailable(DaemonFailure)
    case refreshFailed(String)
    case noPage(venue: String)
    case openFailed(String)
    /// Never 0: a script must not take an answer it never got for one (74 is sysexits.h's EX_IOERR).
    case outputFailed(errno: Int32)

    public var exitCode: Int32 { kind.exitCode }

    /// `brief`: a few words for a bar that say which kind of mistake, and so where to look.
    var kind: (exitCode: Int32, brief: String) {
        switch self {
        case .answer(.usage): return (2, "usage error")
        case .answer(.config), .answer(.unknownZone(_, _?, _)): return (2, "config error")
        case .answer(.unknownZone): return (2, "unknown time zone")
        case .answer(.ambiguousVenue): return (2, "ambiguous venue")
        case .answer(.unknownVenue): return (3, "unknown venue")
        case .answer(.unreadableData): return (4, "data error")
        case .answer(.unwritable): return (4, "error")
        case .answer(.invalidData): return (5, "data error")
        case .daemonUnavailable: return (6, "error")
        case .refreshFailed: return (7, "error")
        case .noPage: return (8, "error")
        case .openFailed: return (9, "error")
        case .notAnOutput: return (10, "error")
        case .answer(.environment): return (70, "error")
        case .outputFailed: return (74, "error")
        }
    }

    public var description: String {
        switch self {
        case .answer(let error): return error.description
        case .noPage(let venue):
            return "\(venue) has no web page that venuectl knows of (try 'venuectl hours \(venue)')"
        case .openFailed(let message): return message
        case .notAnOutput(let path, let kind):
            return "not writing to \(path): it is \(kind), neither a file nor a stream: give a file's path, or leave out -o to write to stdout"
        case .daemonUnavailable(let failure): return "\(failure.reason): \(failure.hint)"
        case .refreshFailed(let message): return "venued could not refresh: \(message)"
        case .outputFailed(let code): return "cannot write the answer: \(Syscall.Errno(code))"
        }
    }

    package static func usage(_ message: String, help: String = "venuectl status --help") -> CLIError {
        .answer(.usage(message, help: help))
    }

    package static func environment(_ message: String) -> CLIError { .answer(.environment(message)) }
    package static func unwritable(path: String, reason: String) -> CLIError { .answer(.unwritable(path: path, reason: reason)) }

    package func pointing(to command: String) -> CLIError {
        guard case .answer(let error) = self else { return self }
        return .answer(error.pointing(to: command))
    }
}

/// The answer's errors where venuectl's are expected: `try answering(try ...)` around a call into the shared layers.
@discardableResult
package func answering<Value>(_ body: @autoclosure () throws(AnswerError) -> Value) throws(CLIError) -> Value {
    do { return try body() } catch { throw .answer(error) }
}

extension BarError {
    static func render(_ error: CLIError, in format: StatusFormat) -> String? {
        render(brief: brief(error), message: "\(error)", in: format)
    }

    static func brief(_ error: CLIError) -> String { error.kind.brief }
}
