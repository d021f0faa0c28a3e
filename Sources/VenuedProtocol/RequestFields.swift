import DiningHours
import VenueReports

/// A request's members, each read as its type: a wrong one is a `bad_request` naming the field, never a trap.
package struct RequestFields: Sendable {
    private let members: [String: JSONValue]
    package init(_ members: [String: JSONValue]) { self.members = members }
    package func has(_ key: String) -> Bool { members[key].map { $0 != .null } ?? false }

    package func string(_ key: String) throws(ProtocolError) -> String? {
        switch members[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case .number(let value)?:
            guard let id = Self.id(value) else { throw ProtocolError("\"\(key)\" must be a string or a venue id (a whole number), not \(value)") }
            return id
        default: throw ProtocolError("\"\(key)\" must be a string")
        }
    }

    package func flag(_ key: String) throws(ProtocolError) -> Bool {
        switch members[key] {
        case nil, .null?: return false
        case .bool(let value)?: return value
        default: throw ProtocolError("\"\(key)\" must be true or false")
        }
    }

    package func integer(_ key: String, in range: ClosedRange<Int>) throws(ProtocolError) -> Int? {
        switch members[key] {
        case nil, .null?: return nil
        case .number(let value)?:
            // Int(exactly:) refuses fractions, NaN and numbers no Int holds without trapping.
            if let number = Int(exactly: value), range.contains(number) { return number }
            fallthrough
        default: throw ProtocolError("\"\(key)\" must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
    }

    /// Int(exactly:): a conversion that traps would take the daemon down for every client.
    private static func id(_ number: Double) -> String? { Int(exactly: number).map(String.init) }

    package func ids(_ key: String, limit: Int) throws(ProtocolError) -> [Int]? {
        guard let member = members[key], member != .null else { return nil }
        guard case .array(let values) = member, values.count <= limit else {
            throw ProtocolError("\"\(key)\" must list at most \(limit) venue ids")
        }
        return try values.map { value throws(ProtocolError) in
            guard case .number(let number) = value, let id = Int(exactly: number) else {
                throw ProtocolError("\"\(key)\" must list venue ids (whole numbers)")
            }
            return id
        }
    }

    package func venueQueries(_ key: String) throws(ProtocolError) -> [String] {
        guard let queries = StatusOptions.venueQueries(try strings(key)) else {
            throw ProtocolError("\"\(key)\" may name at most \(StatusOptions.venueLimit) venues", code: .usage)
        }
        return queries
    }

    package func strings(_ key: String) throws(ProtocolError) -> [String] {
        switch members[key] {
        case nil, .null?: return []
        case .array(let values)?:
            return try values.map { value throws(ProtocolError) in
                switch value {
                case .string(let text): return text
                case .number(let number):
                    guard let id = Self.id(number) else {
                        throw ProtocolError("\"\(key)\" must list strings or venue ids (whole numbers), not \(number)")
                    }
                    return id
                default: throw ProtocolError("\"\(key)\" must list strings or ids")
                }
            }
        default: return try string(key).map { [$0] } ?? []
        }
    }
}
