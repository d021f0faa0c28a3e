/// A value of a D-Bus message body, with enough type to write it back: an empty array
/// still knows its element type, a variant carries its value (whose type is its
/// signature).
package indirect enum DBusValue: Equatable, Sendable {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// An index into the message's file descriptors; venuectl never negotiates any.
    case unixFD(UInt32)
    case variant(DBusValue)
    case array(DBusType, [DBusValue])
    case dictionary(key: DBusType, value: DBusType, [DBusDictEntry])
    case structure([DBusValue])

    package var type: DBusType {
        switch self {
        case .byte: return .byte
        case .boolean: return .boolean
        case .int16: return .int16
        case .uint16: return .uint16
        case .int32: return .int32
        case .uint32: return .uint32
        case .int64: return .int64
        case .uint64: return .uint64
        case .double: return .double
        case .string: return .string
        case .objectPath: return .objectPath
        case .signature: return .signature
        case .unixFD: return .unixFD
        case .variant: return .variant
        case .array(let element, _): return .array(element)
        case .dictionary(let key, let value, _): return .dictionary(key: key, value: value)
        case .structure(let members): return .structure(members.map(\.type))
        }
    }

    /// `as` from strings.
    package static func strings(_ items: [String]) -> DBusValue { .array(.string, items.map { .string($0) }) }

    package var string: String? { if case .string(let text) = self { text } else { nil } }
    package var uint32: UInt32? { if case .uint32(let number) = self { number } else { nil } }

    /// The strings of an `as`; nil for any other value.
    package var strings: [String]? {
        guard case .array(.string, let items) = self else { return nil }
        return items.compactMap(\.string)
    }
}

/// One `{key, value}` of an `a{..}`.
package struct DBusDictEntry: Equatable, Sendable {
    package let key: DBusValue
    package let value: DBusValue
    package init(_ key: DBusValue, _ value: DBusValue) {
        self.key = key
        self.value = value
    }
}
