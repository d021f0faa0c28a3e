import DiningHours
import VenuedSystem

/// What stops an answer: venued sends it on the wire, venuectl with its exit codes, in one text per mistake.
public enum AnswerError: Error, Equatable, CustomStringConvertible {
    case usage(String, help: String = "venuectl status --help")
    /// Worded `path:line: what is wrong`; its own case so that a bar can say "config error", not "usage error".
    case config(String)
    /// `location` is the config file's `path:line` when the name came from there; `suggestion` the database's spelling.
    case unknownZone(String, location: String?, suggestion: String? = nil)
    case unknownVenue(String, suggestions: [String])
    case ambiguousVenue(String, candidates: [String])
    case unreadableData(path: String, reason: String)
    case unwritable(path: String, reason: String)
    /// For `kind: "menus"`, not a menus list.
    case invalidData(path: String, reason: String, kind: String = "venue")
    /// A fault of the machine, not of the request (no usable time-zone data, no timerfd).
    case environment(String)

    public var description: String {
        switch self {
        case .usage(let message, let help): return "\(message) (see '\(help)')"
        case .config(let message): return "\(message) (see 'venuectl status --help')"
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
        case .unreadableData(let path, let reason): return "cannot read \(path): \(reason)"
        case .unwritable(let path, let reason): return "cannot write \(path): \(reason)"
        case .invalidData(let path, let reason, let kind): return "\(path) is not usable \(kind) data: \(reason)"
        case .environment(let message): return message
        }
    }

    package init(_ failure: BoundedFile.Failure) { self = .unreadableData(path: failure.path, reason: failure.reason) }

    /// Shared helpers (`--at`, `--tz`) raise usage errors without knowing which command runs them.
    package func pointing(to command: String) -> AnswerError {
        guard case .usage(let message, _) = self else { return self }
        return .usage(message, help: "venuectl \(command) --help")
    }
}
