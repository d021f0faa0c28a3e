import DiningHours
import VenueAnswers
import VenuedProtocol

/// A client's request, one JSON object on one line: `{"v":1,"cmd":"status",...}`
/// (docs/PROTOCOL.md). Fields are checked against the command's list, so a typo is
/// an error rather than a silently ignored option.
struct Request: Sendable {
    enum Command: String, CaseIterable {
        case status, hours, next, info, refresh, subscribe, venuectl

        /// What `status` and `subscribe` share: which venues, in which zone, how estimated.
        static let filters = ["venues", "open_now", "halls", "retail", "favorites", "favorites_file", "near", "tz", "no_estimate", "soon"]
        /// How answers are shown (`StatusAnswer.presentation`); absent, the JSON object.
        static let presentation = ["render", "template", "color", "user_tz", "columns"]

        var fields: [String] {
            switch self {
            case .status: return Self.filters + ["at"] + Self.presentation
            case .subscribe: return Self.filters + Self.presentation
            case .hours: return ["venue", "from", "days", "tz", "no_estimate"]
            case .next: return ["venues", "at", "tz", "no_estimate", "hours", "limit"]
            case .venuectl: return ["args", "env", "tty"]
            case .info, .refresh: return []
            }
        }
    }

    static let version = 1

    let command: Command
    private let members: [String: JSONValue]

    init(parsing bytes: [UInt8]) throws(ProtocolError) {
        let document: JSONValue
        do { document = try JSONParser.parse(bytes) } catch { throw ProtocolError("not JSON: \(error)") }
        guard case .object(let list) = document else { throw ProtocolError("a request is a JSON object such as {\"v\":1,\"cmd\":\"info\"}") }
        guard case .number(let version)? = document["v"] else { throw ProtocolError("missing \"v\": send {\"v\":1,...}") }
        guard version == Double(Self.version) else { throw ProtocolError("protocol version \(version.formatted()) is not supported: this venued speaks v1") }
        guard case .string(let name)? = document["cmd"], let command = Command(rawValue: name) else {
            throw ProtocolError("\"cmd\" must be one of \(Command.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        for (key, _) in list where key != "v" && key != "cmd" && !command.fields.contains(key) {
            let allowed = command.fields.isEmpty ? "it takes none" : "it takes " + command.fields.joined(separator: ", ")
            throw ProtocolError("unknown field \"\(key)\" for \(name): \(allowed)")
        }
        self.command = command
        self.members = Dictionary(list.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    func string(_ key: String) throws(ProtocolError) -> String? {
        switch members[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case .number(let value)?:
            guard let id = Self.id(value) else { throw ProtocolError("\"\(key)\" must be a string or a venue id (a whole number), not \(value)") }
            return id
        default: throw ProtocolError("\"\(key)\" must be a string")
        }
    }

    func flag(_ key: String) throws(ProtocolError) -> Bool {
        switch members[key] {
        case nil, .null?: return false
        case .bool(let value)?: return value
        default: throw ProtocolError("\"\(key)\" must be true or false")
        }
    }

    func integer(_ key: String, in range: ClosedRange<Int>) throws(ProtocolError) -> Int? {
        switch members[key] {
        case nil, .null?: return nil
        case .number(let value)? where value == value.rounded() && Double(range.lowerBound) <= value && value <= Double(range.upperBound):
            return Int(value)
        default: throw ProtocolError("\"\(key)\" must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
    }

    /// A venue id sent as a number, as text; nil unless it is a whole number that `Int`
    /// holds exactly (`1e300`, `0.5` and NaN are refused, never converted: a conversion
    /// that traps would take the daemon down for every client).
    private static func id(_ number: Double) -> String? {
        Int(exactly: number).map(String.init)
    }

    /// An object of strings, such as the variables a client forwards.
    func stringMap(_ key: String) throws(ProtocolError) -> [String: String] {
        switch members[key] {
        case nil, .null?: return [:]
        case .object(let list)?:
            var result: [String: String] = [:]
            for (name, value) in list {
                guard case .string(let text) = value else { throw ProtocolError("\"\(key)\" must map names to strings") }
                result[name] = text
            }
            return result
        default: throw ProtocolError("\"\(key)\" must be an object of strings")
        }
    }

    /// A list of venue names or ids; a single string is taken as a list of one.
    func strings(_ key: String) throws(ProtocolError) -> [String] {
        switch members[key] {
        case nil, .null?: return []
        case .array(let values)?:
            var result: [String] = []
            for value in values {
                switch value {
                case .string(let text): result.append(text)
                case .number(let number):
                    guard let id = Self.id(number) else { throw ProtocolError("\"\(key)\" must list strings or venue ids (whole numbers), not \(number)") }
                    result.append(id)
                default: throw ProtocolError("\"\(key)\" must list strings or ids")
                }
            }
            return result
        default:
            return try string(key).map { [$0] } ?? []
        }
    }
}

/// A request venued cannot answer; sent back as `{"ok":false,"error":...,"code":...}`.
struct ProtocolError: Error {
    let message: String
    let code: ErrorCode
    /// Members after `code` that let venuectl rebuild its own error (an unknown venue's
    /// query and suggestions).
    let details: [(String, String)]

    init(_ message: String, code: ErrorCode = .badRequest) {
        self.message = message
        self.code = code
        details = []
    }

    /// A venuectl error met while answering: the same message, code and details.
    init(_ error: CLIError) {
        message = error.answerMessage
        code = error.code
        details = error.answerDetails
    }

    /// The same error with `context` before its message ("subscription ended: ...").
    func prefixed(_ context: String) -> ProtocolError {
        ProtocolError(message: "\(context): \(message)", code: code, details: details)
    }

    private init(message: String, code: ErrorCode, details: [(String, String)]) {
        self.message = message
        self.code = code
        self.details = details
    }
}
