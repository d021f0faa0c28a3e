/// The client's half of the authentication that opens every D-Bus connection (the D-Bus
/// Specification, "Authentication Protocol"): a NUL byte (which on a Unix socket lets the
/// server read our credentials), `AUTH EXTERNAL` with our uid, the server's `OK <guid>`,
/// then `BEGIN`, after which the connection carries messages.
///
/// EXTERNAL is the only mechanism: the bus learns who we are from the kernel
/// (SO_PEERCRED), so there is no secret to keep. NEGOTIATE_UNIX_FD is never sent:
/// notifications carry no file descriptors.
package enum SASL {
    /// Longer lines are not the bus: the server's replies are a few dozen bytes.
    package static let lineLimit = 1024

    /// The NUL byte, then `AUTH EXTERNAL` with the uid's decimal digits in hex
    /// (uid 1000 is "31303030"), as the spec spells the initial response.
    package static func authenticate(uid: UInt32) -> [UInt8] {
        let hex = Array("\(uid)".utf8).map { byte in
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xf)]], as: UTF8.self)
        }.joined()
        return [0] + Array("AUTH EXTERNAL \(hex)\r\n".utf8)
    }

    package static let begin = Array("BEGIN\r\n".utf8)

    /// What the server said to our AUTH.
    package enum Reply: Equatable, Sendable {
        /// Authenticated; the server's GUID (32 hex digits).
        case ok(guid: String)
        /// EXTERNAL was refused; the mechanisms it would take instead.
        case rejected(mechanisms: [String])
        /// Anything else (ERROR, DATA, a line that is no command): not a bus we can use.
        case unexpected
    }

    /// Reads one reply line, given without its `\r\n`.
    package static func reply(_ line: [UInt8]) -> Reply {
        let words = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
        switch words.first {
        case "OK":
            guard words.count == 2, let guid = words.last, guid.utf8.count == 32, guid.utf8.allSatisfy(isHexDigit) else { return .unexpected }
            return .ok(guid: guid)
        case "REJECTED":
            return .rejected(mechanisms: Array(words.dropFirst().filter { $0.utf8.allSatisfy(isMechanismByte) }.prefix(8)))
        default:
            return .unexpected
        }
    }

    /// The index just past the first `\r\n` of `bytes`, nil when none has come yet.
    package static func lineEnd(_ bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "\r") && bytes[index + 1] == UInt8(ascii: "\n") { return index + 2 }
            index += 1
        }
        return nil
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
    }

    /// Mechanism names are upper-case letters, digits, `-` and `_`: anything else is not
    /// repeated in a log line.
    private static func isMechanismByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
}
