/// Reads values out of a message's bytes, in either byte order, checking every rule the
/// D-Bus Specification gives for a valid message, so that nothing the bus hands over
/// can trap, loop or allocate without bound here:
///
/// - every read stays inside `end`, and padding is zero bytes, as the spec requires;
/// - a string is valid UTF-8 ending in its NUL with none inside, an object path has the
///   path syntax, a signature parses (`DBusType`), a boolean is 0 or 1;
/// - an array's length is at most 64 MiB and inside the message, its elements end
///   exactly at its end; every element takes at least one byte, so the element count is
///   bounded by the length;
/// - containers, variants included, nest at most 64 deep (a variant's signature may
///   itself start a new 32-deep nesting, which the type parser alone would not bound).
///
/// Offsets count from the message's first byte: that is what alignment is relative to.
package struct DBusReader {
    package static let maxArrayLength = 64 << 20
    package static let maxDepth = 64

    private let bytes: [UInt8]
    package private(set) var offset: Int
    private let end: Int
    private let bigEndian: Bool
    private var depth = 0

    package init(_ bytes: [UInt8], from offset: Int = 0, to end: Int? = nil, bigEndian: Bool = false) {
        self.bytes = bytes
        self.offset = offset
        self.end = min(end ?? bytes.count, bytes.count)
        self.bigEndian = bigEndian
    }

    package var atEnd: Bool { offset >= end }

    package mutating func align(_ alignment: Int) throws(DBusError) {
        let padding = (alignment - offset % alignment) % alignment
        guard padding <= end - offset else { throw DBusError("the message ends inside padding") }
        for index in offset..<(offset + padding) where bytes[index] != 0 {
            throw DBusError("padding holds a byte that is not zero")
        }
        offset += padding
    }

    package mutating func read(_ type: DBusType) throws(DBusError) -> DBusValue {
        try align(type.alignment)
        switch type {
        case .byte: return .byte(try byte())
        case .boolean:
            switch try integer(UInt32.self) {
            case 0: return .boolean(false)
            case 1: return .boolean(true)
            default: throw DBusError("a boolean is neither 0 nor 1")
            }
        case .int16: return .int16(Int16(bitPattern: try integer(UInt16.self)))
        case .uint16: return .uint16(try integer(UInt16.self))
        case .int32: return .int32(Int32(bitPattern: try integer(UInt32.self)))
        case .uint32: return .uint32(try integer(UInt32.self))
        case .unixFD: return .unixFD(try integer(UInt32.self))
        case .int64: return .int64(Int64(bitPattern: try integer(UInt64.self)))
        case .uint64: return .uint64(try integer(UInt64.self))
        case .double: return .double(Double(bitPattern: try integer(UInt64.self)))
        case .string: return .string(try text(length: Int(try integer(UInt32.self))))
        case .objectPath:
            let path = try text(length: Int(try integer(UInt32.self)))
            guard Self.isObjectPath(path) else { throw DBusError("an object path does not have the path syntax") }
            return .objectPath(path)
        case .signature:
            let signature = try signatureBytes()
            _ = try DBusType.parse(signature)
            return .signature(String(decoding: signature, as: UTF8.self))
        case .variant:
            let inner = try DBusType.parseSingle(try signatureBytes())
            return .variant(try nested { (reader: inout DBusReader) throws(DBusError) in try reader.read(inner) })
        case .array(let element):
            return .array(element, try array(elementAlignment: element.alignment) { (reader: inout DBusReader) throws(DBusError) in
                try reader.read(element)
            })
        case .dictionary(let keyType, let valueType):
            let entries = try array(elementAlignment: 8) { (reader: inout DBusReader) throws(DBusError) in
                try reader.align(8)
                return DBusDictEntry(try reader.read(keyType), try reader.read(valueType))
            }
            return .dictionary(key: keyType, value: valueType, entries)
        case .structure(let members):
            return .structure(try nested { (reader: inout DBusReader) throws(DBusError) in
                var values: [DBusValue] = []
                for member in members { values.append(try reader.read(member)) }
                return values
            })
        }
    }

    /// The byte at the offset. (Not `take(1)[0]`: a slice keeps its base's indices.)
    private mutating func byte() throws(DBusError) -> UInt8 {
        guard offset < end else { throw DBusError("the message ends inside a value") }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// `count` bytes at the offset, or an error if the message ends first.
    private mutating func take(_ count: Int) throws(DBusError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= end - offset else { throw DBusError("the message ends inside a value") }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    package mutating func integer<T: FixedWidthInteger & UnsignedInteger>(_: T.Type) throws(DBusError) -> T {
        let slice = try take(MemoryLayout<T>.size)
        var value: T = 0
        if bigEndian {
            for byte in slice { value = value << 8 | T(byte) }
        } else {
            for byte in slice.reversed() { value = value << 8 | T(byte) }
        }
        return value
    }

    /// The bytes of a `g`: one length byte, the bytes, a NUL.
    private mutating func signatureBytes() throws(DBusError) -> [UInt8] {
        let length = Int(try byte())
        let body = Array(try take(length))
        guard try byte() == 0 else { throw DBusError("a signature does not end in NUL") }
        return body
    }

    /// A string's `length` bytes and its NUL: valid UTF-8 with no NUL inside.
    private mutating func text(length: Int) throws(DBusError) -> String {
        let body = try take(length)
        guard try byte() == 0 else { throw DBusError("a string does not end in NUL") }
        guard !body.contains(0) else { throw DBusError("a string holds a NUL") }
        guard let string = String(validating: body, as: UTF8.self) else { throw DBusError("a string is not valid UTF-8") }
        return string
    }

    /// The elements of an array: its length (bounded), the padding to the first element
    /// (there even for none), then elements until exactly the length is used up.
    private mutating func array<Element>(elementAlignment: Int,
                                         _ element: (inout DBusReader) throws(DBusError) -> Element) throws(DBusError) -> [Element] {
        let length = Int(try integer(UInt32.self))
        guard length <= Self.maxArrayLength else { throw DBusError("an array is over 64 MiB") }
        try align(elementAlignment)
        guard length <= end - offset else { throw DBusError("an array runs past the message") }
        let arrayEnd = offset + length
        return try nested { (reader: inout DBusReader) throws(DBusError) in
            var elements: [Element] = []
            // Each element moves the offset on by at least one byte, so this ends.
            while reader.offset < arrayEnd {
                let before = reader.offset
                elements.append(try element(&reader))
                guard reader.offset > before else { throw DBusError("an array element took no bytes") }
            }
            guard reader.offset == arrayEnd else { throw DBusError("an array's elements run past its length") }
            return elements
        }
    }

    /// One level deeper, refused past `maxDepth`: the recursion is bounded whatever the
    /// nesting of variants in variants.
    private mutating func nested<Result>(_ body: (inout DBusReader) throws(DBusError) -> Result) throws(DBusError) -> Result {
        guard depth < Self.maxDepth else { throw DBusError("values nest over \(Self.maxDepth) deep") }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    /// `/`, or `/` followed by elements of `[A-Za-z0-9_]+` separated by single `/`.
    package static func isObjectPath(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        guard bytes.first == UInt8(ascii: "/") else { return false }
        if bytes.count == 1 { return true }
        guard bytes.last != UInt8(ascii: "/") else { return false }
        // The leading `/` counts: `//x` has an empty element.
        var previousSlash = true
        for byte in bytes.dropFirst() {
            if byte == UInt8(ascii: "/") {
                if previousSlash { return false }
                previousSlash = true
                continue
            }
            previousSlash = false
            let allowed = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            if !allowed { return false }
        }
        return true
    }
}
