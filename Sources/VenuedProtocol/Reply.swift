import DiningHours
import VenueReports

/// The answer lines venued writes and venuectl reads: one codec both sides compile.
/// Every answer is one object on one line with `ok` first and no spaces, so a client can
/// branch before reading the rest, and venuectl can print a successful answer's payload
/// (the object without `ok`) as it came, without re-encoding it.
package enum Reply {
    /// How every successful answer starts; `payload(of:)` strips exactly this.
    private static let okOpening = #"{"ok":true"#

    package static func ok(_ members: [(String, String)]) -> String {
        let rest = JSONText.object(members).dropFirst()
        return okOpening + (members.isEmpty ? "" : ",") + rest + "\n"
    }

    /// `{"ok":false,"error":...,"code":...}`: the message for people, the code for
    /// programs (venuectl maps it to its own exit codes).
    package static func error(_ error: ProtocolError, extra: [(String, String)] = []) -> String {
        JSONText.object([("ok", "false"), ("error", JSONText.quote(error.message)), ("code", JSONText.quote(error.code.rawValue))]
            + error.details + extra) + "\n"
    }

    /// A successful answer's object without its `ok` member: the shape `venuectl ...
    /// --json` prints. Nil for anything `ok(_:)` did not write.
    package static func payload(of line: String) -> String? {
        guard line.hasPrefix(okOpening) else { return nil }
        let rest = line.dropFirst(okOpening.count)
        if rest.hasPrefix(",") { return "{" + rest.dropFirst() }
        return rest == "}" ? "{}" : nil
    }

    package static func time(_ instant: Instant?, _ zone: ZoneRules) -> String {
        JSONText.string(instant.map(zone.iso8601))
    }

    package static func coverage(_ coverage: Coverage?) -> String {
        coverage.map { JSONText.object([("first", JSONText.quote("\($0.first)")), ("last", JSONText.quote("\($0.last)"))]) } ?? "null"
    }
}

/// An answer as venuectl reads it: the line as sent (to print without re-encoding) and
/// its parse.
public struct Answer: Sendable {
    public let line: String
    public let value: JSONValue
    public var ok: Bool { value["ok"] == .bool(true) }

    /// Nil when the line is not one of venued's answers (not JSON, or no boolean `ok`).
    public init?(line bytes: [UInt8]) {
        guard let value = try? JSONParser.parse(bytes), case .bool? = value["ok"] else { return nil }
        self.line = String(decoding: bytes, as: UTF8.self)
        self.value = value
    }

    /// The object without `ok` (`Reply.payload(of:)`).
    public var payload: String? { Reply.payload(of: line) }
}
