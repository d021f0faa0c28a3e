/// A D-Bus type, as a signature spells it (the D-Bus Specification, "Type System").
///
/// Parsing a signature is where every limit of the type system is enforced, so a
/// reader that walks a `DBusType` can trust it: at most 255 bytes, arrays and structs
/// each nested at most 32 deep, a dict entry only as an array's element with a basic
/// key, no empty struct. A signature from the wire is parsed before any value is read.
package indirect enum DBusType: Equatable, Sendable {
    case byte, boolean, int16, uint16, int32, uint32, int64, uint64, double
    case string, objectPath, signature, unixFD
    case variant
    case array(DBusType)
    /// `a{KV}`: an array of dict entries, the only place a dict entry may appear.
    case dictionary(key: DBusType, value: DBusType)
    case structure([DBusType])

    /// The spec's limits on signatures.
    package static let maxSignatureLength = 255
    package static let maxArrayDepth = 32
    package static let maxStructDepth = 32

    /// The boundary a value of this type starts on, counted from the message's first byte.
    package var alignment: Int {
        switch self {
        case .byte, .signature, .variant: return 1
        case .int16, .uint16: return 2
        case .boolean, .int32, .uint32, .unixFD, .string, .objectPath, .array, .dictionary: return 4
        case .int64, .uint64, .double, .structure: return 8
        }
    }

    /// Basic types may be dict keys.
    package var isBasic: Bool {
        switch self {
        case .variant, .array, .dictionary, .structure: return false
        default: return true
        }
    }

    /// The type as a signature: `s`, `as`, `a{sv}`, `(ii)`.
    package var signature: String {
        switch self {
        case .byte: return "y"
        case .boolean: return "b"
        case .int16: return "n"
        case .uint16: return "q"
        case .int32: return "i"
        case .uint32: return "u"
        case .int64: return "x"
        case .uint64: return "t"
        case .double: return "d"
        case .string: return "s"
        case .objectPath: return "o"
        case .signature: return "g"
        case .unixFD: return "h"
        case .variant: return "v"
        case .array(let element): return "a" + element.signature
        case .dictionary(let key, let value): return "a{" + key.signature + value.signature + "}"
        case .structure(let members): return "(" + members.map(\.signature).joined() + ")"
        }
    }

    /// The signature of several complete types (a message body).
    package static func signature(of types: [DBusType]) -> String { types.map(\.signature).joined() }

    /// The complete types of a signature, in order; an empty signature is no types.
    package static func parse(_ signature: String) throws(DBusError) -> [DBusType] {
        try parse(Array(signature.utf8))
    }

    package static func parse(_ bytes: [UInt8]) throws(DBusError) -> [DBusType] {
        guard bytes.count <= maxSignatureLength else { throw DBusError("a signature is over \(maxSignatureLength) bytes") }
        var parser = SignatureParser(bytes: bytes)
        var types: [DBusType] = []
        while !parser.atEnd { types.append(try parser.completeType(arrays: 0, structs: 0)) }
        return types
    }

    /// Exactly one complete type: what a variant's signature must be.
    package static func parseSingle(_ bytes: [UInt8]) throws(DBusError) -> DBusType {
        let types = try parse(bytes)
        guard types.count == 1, let type = types.first else { throw DBusError("a variant's signature is not one complete type") }
        return type
    }
}

/// Recursive descent over a signature of at most 255 bytes, so the recursion is bounded
/// by the input's length as well as by the depth limits.
private struct SignatureParser {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool { index >= bytes.count }

    mutating func completeType(arrays: Int, structs: Int) throws(DBusError) -> DBusType {
        guard index < bytes.count else { throw DBusError("a signature ends inside a type") }
        let code = bytes[index]
        index += 1
        switch code {
        case UInt8(ascii: "y"): return .byte
        case UInt8(ascii: "b"): return .boolean
        case UInt8(ascii: "n"): return .int16
        case UInt8(ascii: "q"): return .uint16
        case UInt8(ascii: "i"): return .int32
        case UInt8(ascii: "u"): return .uint32
        case UInt8(ascii: "x"): return .int64
        case UInt8(ascii: "t"): return .uint64
        case UInt8(ascii: "d"): return .double
        case UInt8(ascii: "s"): return .string
        case UInt8(ascii: "o"): return .objectPath
        case UInt8(ascii: "g"): return .signature
        case UInt8(ascii: "h"): return .unixFD
        case UInt8(ascii: "v"): return .variant
        case UInt8(ascii: "a"):
            guard arrays < DBusType.maxArrayDepth else { throw DBusError("a signature nests arrays over \(DBusType.maxArrayDepth) deep") }
            if index < bytes.count && bytes[index] == UInt8(ascii: "{") {
                index += 1
                let key = try completeType(arrays: arrays + 1, structs: structs)
                guard key.isBasic else { throw DBusError("a dict entry's key is not a basic type") }
                let value = try completeType(arrays: arrays + 1, structs: structs)
                guard index < bytes.count, bytes[index] == UInt8(ascii: "}") else { throw DBusError("a dict entry has not exactly two types") }
                index += 1
                return .dictionary(key: key, value: value)
            }
            return .array(try completeType(arrays: arrays + 1, structs: structs))
        case UInt8(ascii: "("):
            guard structs < DBusType.maxStructDepth else { throw DBusError("a signature nests structs over \(DBusType.maxStructDepth) deep") }
            var members: [DBusType] = []
            while index < bytes.count && bytes[index] != UInt8(ascii: ")") {
                members.append(try completeType(arrays: arrays, structs: structs + 1))
            }
            guard index < bytes.count else { throw DBusError("a signature ends inside a struct") }
            index += 1
            guard !members.isEmpty else { throw DBusError("a signature has an empty struct") }
            return .structure(members)
        default:
            // `{` outside `a{`, `)` or `}` unopened, or a byte that is no type code.
            throw DBusError("a signature holds a byte that does not start a type")
        }
    }
}
