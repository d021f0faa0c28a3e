import DiningHours
import VenueReports

/// A refusal: the one answer only venued writes (`Reply.ok`, the success, is in
/// VenueReports, where venuectl's own answers are written too).
extension Reply {
    /// `{"ok":false,"error":...,"code":...}`: the message for people, the code for
    /// programs (venuectl maps it to its own exit codes).
    package static func error(_ error: ProtocolError, extra: [(String, String)] = []) -> String {
        JSONText.object([("ok", "false"), ("error", JSONText.quote(error.message)), ("code", JSONText.quote(error.code.rawValue))]
            + error.details + extra) + "\n"
    }
}

/// An answer as venuectl reads it: the line as sent, which `--json` prints as it came,
/// and its parse.
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
}
