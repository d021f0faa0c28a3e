import DiningHours
import VenueAnswers
import VenuedProtocol

/// The JSON lines venued writes. Every answer is one object on one line with `ok`
/// first, so a client can branch before reading the rest.
enum Reply {
    static func ok(_ members: [(String, String)]) -> String {
        JSONText.object([("ok", "true")] + members) + "\n"
    }

    /// `{"ok":false,"error":...,"code":...}`: the message for people, the code for
    /// programs (venuectl maps it to its own exit codes).
    static func error(_ error: ProtocolError, extra: [(String, String)] = []) -> String {
        JSONText.object([("ok", "false"), ("error", JSONText.quote(error.message)), ("code", JSONText.quote(error.code.rawValue))]
            + error.details + extra) + "\n"
    }

    static func time(_ instant: Instant?, _ zone: ZoneRules) -> String {
        JSONText.string(instant.map(zone.iso8601))
    }

    static func coverage(_ coverage: Coverage?) -> String {
        coverage.map { JSONText.object([("first", JSONText.quote("\($0.first)")), ("last", JSONText.quote("\($0.last)"))]) } ?? "null"
    }
}
