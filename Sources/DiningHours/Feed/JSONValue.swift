/// Walked by hand so that a bad element can be skipped and named precisely, which `Decodable` cannot do cheaply.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Keys keep document order; the first of duplicate keys wins on lookup.
    case object([(key: String, value: JSONValue)])

    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)): return x.elementsEqual(y) { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    var firstKeys: String? {
        guard case .object(let members) = self else { return nil }
        return UntrustedText.singleLine(members.prefix(4).map { FeedDecoder.cut($0.key, 40) }.joined(separator: ", "))
    }
}
