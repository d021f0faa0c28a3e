import DiningHours

/// The machine-readable `code` of a failed answer, `{"ok":false,"error":...,"code":...}`.
/// venued sets it and venuectl reads it, from this one list, so that a refusal by the
/// daemon ends venuectl with the same message and exit code as its local computation.
public enum ErrorCode: String, Sendable {
    /// A bad option value (`at`, `tz`, `soon`, ...): venuectl's usage error, exit 2.
    case usage
    /// No venue matches a query; the answer also carries `venue` and `suggestions`: exit 3.
    case unknownVenue = "unknown_venue"
    /// This build has no time-zone data: exit 70.
    case environment
    /// The request itself is malformed: not JSON, an unknown field, a wrong version.
    case badRequest = "bad_request"
    /// `refresh`: no source answered with venues; the held data is still served.
    case refreshFailed = "refresh_failed"
    /// Too many connections are open.
    case busy
    /// The client runs as another user.
    case forbidden
}

extension CLIError {
    /// The code venued answers with when it meets this error.
    public var code: ErrorCode {
        switch self {
        case .usage: return .usage
        case .unknownVenue: return .unknownVenue
        case .environment: return .environment
        default: return .badRequest
        }
    }

    /// The message venued sends: venuectl's line without its pointer to its own help.
    public var answerMessage: String {
        if case .usage(let message, _) = self { return message }
        return description
    }

    /// Members after `code` that let venuectl rebuild this error exactly.
    public var answerDetails: [(String, String)] {
        guard case .unknownVenue(let query, let suggestions) = self else { return [] }
        return [("venue", JSONText.quote(query)), ("suggestions", "[" + suggestions.map(JSONText.quote).joined(separator: ",") + "]")]
    }

    /// The error a failed answer stands for, when it is one venuectl also raises locally
    /// (usage, unknown venue, no zone data); nil for the daemon's own refusals.
    public init?(answer: JSONValue, command: String) {
        guard case .string(let code)? = answer["code"], case .string(let message)? = answer["error"] else { return nil }
        switch ErrorCode(rawValue: code) {
        case .usage?:
            self = .usage(message, help: "venuectl \(command) --help")
        case .unknownVenue?:
            guard case .string(let query)? = answer["venue"], case .array(let list)? = answer["suggestions"] else { return nil }
            self = .unknownVenue(query, suggestions: list.compactMap { if case .string(let name) = $0 { name } else { nil } })
        case .environment?:
            self = .environment(message)
        default:
            return nil
        }
    }
}
