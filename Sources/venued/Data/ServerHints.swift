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
private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

/// `delta-seconds` (RFC 9111 1.2.2): ASCII digits only.
enum DeltaSeconds {
    /// RFC 9111 asks a value too large to represent to count as 2^31.
    static let ceiling = 1 << 31

    static func parse(_ text: some StringProtocol) -> Int? {
        let bytes = text.utf8.drop(while: isBlank)
        let digits = bytes.prefix { !isBlank($0) }
        guard !digits.isEmpty, digits.allSatisfy(isDigit),
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

/// An HTTP-date (RFC 9110 5.6.7) in any of its three forms, without Foundation.
enum HTTPDate {
    /// `now` settles an RFC 850 year: more than 50 years ahead is the past century (RFC 9110).
    static func parse(_ text: String, now: Instant) -> Instant? {
        // The longest form, RFC 850 with "Wednesday", is 33 bytes.
        guard text.utf8.count <= 40 else { return nil }
        var scanner = Scanner(bytes: Array(text.utf8))
        return scanner.imfFixdate() ?? scanner.rfc850(now: now) ?? scanner.asctime()
    }

    static let shortDays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    static let longDays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        mutating func imfFixdate() -> Instant? {
            position = 0
            guard word(in: HTTPDate.shortDays) != nil, literal(", "), let day = digits(2), literal(" "),
                  let month = word(in: HTTPDate.months), literal(" "), let year = digits(4), literal(" "),
                  let time = timeOfDay(), literal(" GMT"), atEnd else { return nil }
            return instant(year: year, month: month + 1, day: day, time: time)
        }

        mutating func rfc850(now: Instant) -> Instant? {
            position = 0
            guard word(in: HTTPDate.longDays) != nil, literal(", "), let day = digits(2), literal("-"),
                  let month = word(in: HTTPDate.months), literal("-"), let twoDigits = digits(2), literal(" "),
                  let time = timeOfDay(), literal(" GMT"), atEnd else { return nil }
            let currentYear = LocalDateTime(wallSeconds: now.secondsSinceEpoch).date.components.year
            var year = currentYear - ((currentYear % 100 + 100) % 100) + twoDigits
            if year > currentYear + 50 { year -= 100 }
            return instant(year: year, month: month + 1, day: day, time: time)
        }

        mutating func asctime() -> Instant? {
            position = 0
            guard word(in: HTTPDate.shortDays) != nil, literal(" "), let month = word(in: HTTPDate.months),
                  literal(" ") else { return nil }
            let day: Int
            if literal(" "), let single = digits(1) { day = single } else if let double = digits(2) { day = double } else { return nil }
            guard literal(" "), let time = timeOfDay(), literal(" "), let year = digits(4), atEnd else { return nil }
            return instant(year: year, month: month + 1, day: day, time: time)
        }

        private mutating func timeOfDay() -> Int? {
            guard let hour = digits(2), hour < 24, literal(":"), let minute = digits(2), minute < 60, literal(":"),
                  let second = digits(2), second <= 60 else { return nil }
            return hour * 3600 + minute * 60 + second
        }

        private func instant(year: Int, month: Int, day: Int, time: Int) -> Instant? {
            // LocalDate refuses impossible days (Feb 30); year and time are a few digits.
            guard let date = LocalDate(year: year, month: month, day: day) else { return nil }
            return Instant(secondsSinceEpoch: date.dayNumber * 86_400 + time)
        }

        private var atEnd: Bool { position == bytes.count }

        private mutating func digits(_ count: Int) -> Int? {
            let digits = bytes[position...].prefix(count)
            guard digits.count == count, digits.allSatisfy(isDigit) else { return nil }
            position += count
            return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }

        private mutating func literal(_ text: StaticString) -> Bool {
            let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
            guard bytes[position...].starts(with: expected) else { return false }
            position += expected.count
            return true
        }

        private mutating func word(in names: [String]) -> Int? {
            var end = position
            while end < bytes.count, bytes[end] | 0x20 >= UInt8(ascii: "a"), bytes[end] | 0x20 <= UInt8(ascii: "z") { end += 1 }
            let letters = bytes[position..<end].map { $0 | 0x20 }
            guard let index = names.firstIndex(where: { $0.utf8.elementsEqual(letters) }) else { return nil }
            position = end
            return index
        }
    }
}
