/// Marshals values into the wire format, little-endian (the D-Bus Specification,
/// "Marshaling"): each value starts on its type's alignment counted from the message's
/// first byte, padding is zero bytes, an array's length counts its elements' bytes but
/// not the padding before the first.
///
/// It writes only what venuectl builds itself, but it still must not write what the bus
/// would refuse (and answer by disconnecting): a NUL inside a string is dropped, since
/// the wire format ends strings at their NUL and dbus-daemon rejects one inside.
package struct DBusWriter {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package mutating func pad(to alignment: Int) {
        while bytes.count % alignment != 0 { bytes.append(0) }
    }

    package mutating func append(_ values: [DBusValue]) {
        for value in values { append(value) }
    }

    package mutating func append(_ value: DBusValue) {
        pad(to: value.type.alignment)
        switch value {
        case .byte(let number): bytes.append(number)
        case .boolean(let flag): appendInteger(UInt32(flag ? 1 : 0))
        case .int16(let number): appendInteger(UInt16(bitPattern: number))
        case .uint16(let number): appendInteger(number)
        case .int32(let number): appendInteger(UInt32(bitPattern: number))
        case .uint32(let number), .unixFD(let number): appendInteger(number)
        case .int64(let number): appendInteger(UInt64(bitPattern: number))
        case .uint64(let number): appendInteger(number)
        case .double(let number): appendInteger(number.bitPattern)
        case .string(let text), .objectPath(let text):
            let utf8 = text.utf8.filter { $0 != 0 }
            appendInteger(UInt32(truncatingIfNeeded: utf8.count))
            bytes += utf8
            bytes.append(0)
        case .signature(let text):
            let utf8 = text.utf8.filter { $0 != 0 }
            bytes.append(UInt8(truncatingIfNeeded: utf8.count))
            bytes += utf8
            bytes.append(0)
        case .variant(let inner):
            append(.signature(inner.type.signature))
            append(inner)
        case .array(let element, let items):
            appendArray(elementAlignment: element.alignment) { writer in
                for item in items { writer.append(item) }
            }
        case .dictionary(_, _, let entries):
            appendArray(elementAlignment: 8) { writer in
                for entry in entries {
                    writer.pad(to: 8)
                    writer.append(entry.key)
                    writer.append(entry.value)
                }
            }
        case .structure(let members):
            for member in members { append(member) }
        }
    }

    /// The length, the padding to the first element (even for no elements), the
    /// elements, then the length patched in.
    private mutating func appendArray(elementAlignment: Int, _ elements: (inout DBusWriter) -> Void) {
        let lengthAt = bytes.count
        appendInteger(UInt32(0))
        pad(to: elementAlignment)
        let start = bytes.count
        elements(&self)
        let length = UInt32(truncatingIfNeeded: bytes.count - start)
        for shift in 0..<4 { bytes[lengthAt + shift] = UInt8(truncatingIfNeeded: length >> (8 * UInt32(shift))) }
    }

    private mutating func appendInteger<T: FixedWidthInteger>(_ value: T) {
        var little = value.littleEndian
        withUnsafeBytes(of: &little) { bytes += $0 }
    }
}
