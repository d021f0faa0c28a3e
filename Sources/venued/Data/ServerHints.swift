import DiningHours

/// The headers of a 200 or 304 that say how long its body stays fresh (bounded by the fetch; nil when absent).
struct FreshnessHeaders: Sendable, Equatable {
    var cacheControl: String?
    var expires: String?
    var age: String?
    var date: String?

    /// As a private cache reads it (RFC 9111 4.2.1); a `Date` behind our clock adds no age.
    func lifetime(receivedAt now: Instant) -> ServerLifetime {
        let directives = CacheControl(cacheControl ?? "")
        if let refusal = ["no-store", "no-cache"].first(where: directives.contains) { return .refused(refusal) }
        // A list-valued Age counts by its first member; an unreadable one is ignored (RFC 9111 5.1).
        let age = age.flatMap { DeltaSeconds.parse($0.prefix { $0 != "," }) } ?? 0
        if let maxAge = directives.value(of: "max-age") {
            // An unreadable max-age makes the response stale (RFC 9111 4.2.1), not Expires' turn.
            guard let seconds = DeltaSeconds.parse(maxAge) else { return .unreadable("max-age=\(maxAge)") }
            return .maxAge(seconds, age: age)
        }
        guard let expires else { return .unstated }
        // An Expires that is not a date means "already expired" (RFC 9111 5.3).
        guard let until = HTTPDate.parse(expires, now: now) else { return .expires(0, age: age) }
        let issued = date.flatMap { HTTPDate.parse($0, now: now) } ?? now
        return .expires(until - issued, age: age)
    }
}

/// A 429's or 503's `Retry-After`, with the `Date` an HTTP-date in it is measured from, so clock error does not count.
struct RetryAfterHeader: Sendable, Equatable {
    var value: String
    var date: String?

    func delay(receivedAt now: Instant) -> Int? {
        if let seconds = DeltaSeconds.parse(value) { return seconds }
        guard let until = HTTPDate.parse(value, now: now) else { return nil }
        let issued = date.flatMap { HTTPDate.parse($0, now: now) } ?? now
        return max(0, until - issued)
    }
}

enum ServerLifetime: Sendable, Equatable, CustomStringConvertible {
    case unstated, refused(String), unreadable(String), maxAge(Int, age: Int), expires(Int, age: Int)

    var remaining: Int {
        switch self {
        case .unstated, .refused, .unreadable: return 0
        // The values are at most 2^31 (delta-seconds) or four-digit-year spans: no overflow.
        case .maxAge(let seconds, let age), .expires(let seconds, let age): return max(0, seconds - age)
        }
    }

    var description: String {
        switch self {
        case .unstated: return "no lifetime"
        case .refused(let directive): return directive
        case .unreadable(let text): return "unreadable \(text)"
        case .maxAge(let seconds, let age): return "max-age \(seconds) s" + (age > 0 ? ", Age \(age) s" : "")
        case .expires(let seconds, let age): return "Expires \(seconds) s after Date" + (age > 0 ? ", Age \(age) s" : "")
        }
    }
}

private func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

/// `delta-seconds` (RFC 9111 1.2.2): ASCII digits only.
enum DeltaSeconds {
    /// RFC 9111 asks a value too large to represent to count as 2^31.
    static let ceiling = 1 << 31

    static func parse(_ text: some StringProtocol) -> Int? {
        let bytes = text.utf8.drop(while: isBlank)
        let digits = bytes.prefix { !isBlank($0) }
        guard !digits.isEmpty, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              bytes.dropFirst(digits.count).allSatisfy(isBlank) else { return nil }
        return digits.reduce(0) { min(ceiling, $0 * 10 + Int($1 - UInt8(ascii: "0"))) }
    }
}

/// The directives of a `Cache-Control` value (RFC 9111 5.2).
struct CacheControl {
    static let longest = 4096
    private static let tokenBytes =
        Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
    private(set) var directives: [(name: String, value: String?)] = []

    init(_ text: String) {
        let bytes = Array(text.utf8.prefix(Self.longest))
        var start = 0, quoted = false, escaped = false
        for (index, byte) in bytes.enumerated() {
            if escaped { escaped = false; continue }
            if quoted && byte == UInt8(ascii: "\\") { escaped = true; continue }
            if byte == UInt8(ascii: "\"") { quoted.toggle(); continue }
            if !quoted && byte == UInt8(ascii: ",") {
                append(bytes[start..<index])
                start = index + 1
            }
        }
        append(bytes[start...])
    }

    func contains(_ name: String) -> Bool { directives.contains { $0.name == name } }
    func value(of name: String) -> String? { directives.first { $0.name == name }.map { $0.value ?? "" } }

    private mutating func append(_ directive: ArraySlice<UInt8>) {
        let equals = directive.firstIndex(of: UInt8(ascii: "="))
        let name = Self.trimmed(directive[..<(equals ?? directive.endIndex)])
        guard !name.isEmpty, name.allSatisfy(Self.tokenBytes.contains) else { return }
        let lowercased = String(decoding: name.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        directives.append((lowercased, equals.map { Self.value(Self.trimmed(directive[($0 + 1)...])) }))
    }

    private static func value(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "\""), bytes.last == UInt8(ascii: "\"") else {
            return String(decoding: bytes, as: UTF8.self)
        }
        var unquoted: [UInt8] = [], escaped = false
        for byte in bytes.dropFirst().dropLast() {
            if escaped { unquoted.append(byte); escaped = false; continue }
            if byte == UInt8(ascii: "\\") { escaped = true; continue }
            // A quote inside: not one quoted string, so not a value to trust.
            if byte == UInt8(ascii: "\"") { return String(decoding: bytes, as: UTF8.self) }
            unquoted.append(byte)
        }
        return escaped ? String(decoding: bytes, as: UTF8.self) : String(decoding: unquoted, as: UTF8.self)
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let first = bytes.firstIndex(where: { !isBlank($0) }), let last = bytes.lastIndex(where: { !isBlank($0) }) else { return [] }
        return bytes[first...last]
    }
}
