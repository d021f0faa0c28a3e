import DiningHours
import VenueReports

/// The machine-readable `code` of a failed answer.
public enum ErrorCode: String, Sendable {
    case usage, unknownZone = "unknown_zone", unknownVenue = "unknown_venue", ambiguousVenue = "ambiguous_venue"
    case environment, badRequest = "bad_request", refreshFailed = "refresh_failed", busy, forbidden
}

extension AnswerError {
    public var code: ErrorCode {
        switch self {
        // A wrong line in venuectl.conf is a usage error on the wire: venuectl says it the same way.
        case .usage, .config: .usage
        case .unknownZone: .unknownZone
        case .unknownVenue: .unknownVenue
        case .ambiguousVenue: .ambiguousVenue
        case .environment: .environment
        // Files a request named: venued reads none, so none of these is its answer.
        case .unreadableData, .unwritable, .invalidData: .badRequest
        }
    }

    public var answerMessage: String {
        if case .usage(let message, _) = self { return message }
        if case .config(let message) = self { return message }
        return description
    }

    public var answerDetails: [(String, String)] {
        switch self {
        case .unknownVenue(let query, let suggestions):
            [("venue", JSONText.quote(query)), ("suggestions", JSONText.array(suggestions.map(JSONText.quote)))]
        case .ambiguousVenue(let query, let candidates):
            [("venue", JSONText.quote(query)), ("candidates", JSONText.array(candidates.map(JSONText.quote)))]
        case .unknownZone(let zone, let location, let suggestion):
            [("zone", JSONText.quote(zone))] + (location.map { [("location", JSONText.quote($0))] } ?? [])
                + (suggestion.map { [("suggestion", JSONText.quote($0))] } ?? [])
        case .usage, .config, .environment, .unreadableData, .unwritable, .invalidData: []
        }
    }

    public init?(answer: JSONValue, command: String) {
        guard case .string(let code)? = answer["code"], case .string(let message)? = answer["error"] else { return nil }
        switch ErrorCode(rawValue: code) {
        case .usage?: self = .usage(message, help: "venuectl \(command) --help")
        case .unknownVenue?:
            guard case .string(let query)? = answer["venue"], let names = Self.names(answer["suggestions"]) else { return nil }
            self = .unknownVenue(query, suggestions: names)
        case .ambiguousVenue?:
            guard case .string(let query)? = answer["venue"], let names = Self.names(answer["candidates"]) else { return nil }
            self = .ambiguousVenue(query, candidates: names)
        case .unknownZone?:
            guard case .string(let zone)? = answer["zone"] else { return nil }
            let location: String? = if case .string(let location)? = answer["location"] { location } else { nil }
            let suggestion: String? = if case .string(let suggestion)? = answer["suggestion"] { suggestion } else { nil }
            self = .unknownZone(zone, location: location, suggestion: suggestion)
        case .environment?: self = .environment(message)
        // The daemon's own refusals, and codes this build does not know: venuectl words them (`DaemonFailure`).
        case .badRequest?, .refreshFailed?, .busy?, .forbidden?, nil: return nil
        }
    }

    private static func names(_ value: JSONValue?) -> [String]? {
        guard case .array(let list)? = value else { return nil }
        return list.compactMap { if case .string(let name) = $0 { name } else { nil } }
    }
}
