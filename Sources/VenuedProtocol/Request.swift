import DiningHours

/// A client's request, one JSON object on one line (docs/PROTOCOL.md).
package struct Request: Sendable {
    package enum Command: String, CaseIterable, Sendable {
        case status, hours, next, info, refresh, subscribe, feed, menus

        package var fields: [String] {
            switch self {
            case .status: StatusQuery.names(.status)
            case .subscribe: StatusQuery.names(.subscribe)
            case .hours: ["venue", "from", "days", "tz", "no_estimate"]
            case .next: ["venues", "at", "tz", "no_estimate", "hours", "limit"]
            case .menus: ["dates"]
            case .info, .refresh, .feed: []
            }
        }
    }

    package static let version = 1
    package let command: Command
    package let fields: RequestFields
    /// The client asks for the connection to stay open for its next request (docs/PROTOCOL.md).
    package let more: Bool
    /// The parser stops past this many values, so a line of thousands of tiny ones costs no more.
    package static let valueLimit = 256

    package init(parsing bytes: [UInt8]) throws(ProtocolError) {
        let document: JSONValue
        do { document = try JSONParser.parse(bytes, maxValues: Self.valueLimit) } catch {
            throw ProtocolError(error.exceedsLimit ? "a request holds at most \(Self.valueLimit) JSON values" : "not JSON: \(error)")
        }
        guard case .object(let list) = document else { throw ProtocolError("a request is a JSON object such as {\"v\":1,\"cmd\":\"info\"}") }
        guard case .number(let version)? = document["v"] else { throw ProtocolError("missing \"v\": send {\"v\":1,...}") }
        guard version == Double(Self.version) else { throw ProtocolError("protocol version \(Int(exactly: version).map(String.init) ?? "\(version)") is not supported: this venued speaks v1") }
        guard case .string(let name)? = document["cmd"], let command = Command(rawValue: name) else {
            throw ProtocolError("\"cmd\" must be one of \(Command.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        switch document["more"] {
        case nil: more = false
        case .bool(let flag)?: more = flag
        case _?: throw ProtocolError("\"more\" must be true or false")
        }
        for (key, _) in list where key != "v" && key != "cmd" && key != "more" && !command.fields.contains(key) {
            let allowed = command.fields.isEmpty ? "it takes none" : "it takes " + command.fields.joined(separator: ", ")
            throw ProtocolError("unknown field \"\(key)\" for \(name): \(allowed)")
        }
        self.command = command
        self.fields = RequestFields(Dictionary(list.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }))
    }
}
