import DiningHours
import VenueReports

/// A refusal: the one answer only venued writes (`Reply.ok` is in VenueReports, shared with venuectl).
extension Reply {
    package static func error(_ error: ProtocolError, extra: [(String, String)] = []) -> String {
        JSONText.object([("ok", "false"), ("error", JSONText.quote(error.message)), ("code", JSONText.quote(error.code.rawValue))]
            + error.details + extra) + "\n"
    }
}

/// An answer as venuectl reads it: the line as sent, which `--json` prints unchanged, and its parse.
public struct Answer: Sendable {
    public let line: String
    public let value: JSONValue
    public var ok: Bool { value["ok"] == .bool(true) }

    public init?(line bytes: [UInt8]) {
        guard let value = try? JSONParser.parse(bytes), case .bool? = value["ok"] else { return nil }
        self.line = String(decoding: bytes, as: UTF8.self)
        self.value = value
    }
}
