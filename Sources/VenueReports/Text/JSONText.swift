/// Just enough JSON writing for our outputs: keys in a fixed order, strings escaped.
public enum JSONText {
    /// Byte by byte into one exact allocation: answers quote every name and time, and per scalar it was most of `info`.
    public static func quote(_ string: String) -> String {
        var string = string
        return string.withUTF8 { bytes in
            var length = bytes.count + 2
            for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                length += escape(byte).utf8CodeUnitCount - 1
            }
            return String(unsafeUninitializedCapacity: length) { out in
                var at = 0
                func put(_ byte: UInt8) {
                    out[at] = byte
                    at += 1
                }
                put(UInt8(ascii: "\""))
                for byte in bytes {
                    if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                        escape(byte).withUTF8Buffer { $0.forEach(put) }
                    } else {
                        put(byte)
                    }
                }
                put(UInt8(ascii: "\""))
                return at
            }
        }
    }

    /// The escape of a byte that needs one: a quote, a backslash or a control character.
    private static func escape(_ byte: UInt8) -> StaticString {
        switch byte {
        case UInt8(ascii: "\""): #"\""#
        case UInt8(ascii: "\\"): #"\\"#
        case UInt8(ascii: "\n"): #"\n"#
        case UInt8(ascii: "\r"): #"\r"#
        case UInt8(ascii: "\t"): #"\t"#
        default: controlEscapes[Int(byte)]
        }
    }

    private static let controlEscapes: [StaticString] = [
        #"\u0000"#, #"\u0001"#, #"\u0002"#, #"\u0003"#, #"\u0004"#, #"\u0005"#, #"\u0006"#, #"\u0007"#,
        #"\u0008"#, #"\u0009"#, #"\u000a"#, #"\u000b"#, #"\u000c"#, #"\u000d"#, #"\u000e"#, #"\u000f"#,
        #"\u0010"#, #"\u0011"#, #"\u0012"#, #"\u0013"#, #"\u0014"#, #"\u0015"#, #"\u0016"#, #"\u0017"#,
        #"\u0018"#, #"\u0019"#, #"\u001a"#, #"\u001b"#, #"\u001c"#, #"\u001d"#, #"\u001e"#, #"\u001f"#,
    ]

    /// Members' values are already JSON text.
    public static func object(_ members: [(String, String)]) -> String {
        var out = "{"
        appendMembers(members, to: &out)
        out += "}"
        return out
    }

    /// `"key":value,...` with no braces, so `Reply.ok` can put its own member first without a copy.
    package static func appendMembers(_ members: [(String, String)], to out: inout String) {
        out.reserveCapacity(members.reduce(out.utf8.count + 2) { $0 + $1.0.utf8.count + $1.1.utf8.count + 4 })
        for (index, (key, value)) in members.enumerated() {
            if index > 0 { out += "," }
            out += quote(key)
            out += ":"
            out += value
        }
    }

    public static func string(_ value: String?) -> String { value.map(quote) ?? "null" }
    public static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
}
