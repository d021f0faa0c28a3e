public enum FeedTime: Hashable, Sendable {
    case wallClock(LocalDateTime)
    case withOffset(LocalDateTime, offsetSeconds: Int)
    case timeOfDay(secondOfDay: Int)

    /// HOURS.md §2.2; fractions of a second are dropped, a space may stand for the `T`.
    public init?(parsing text: String) {
        guard let parsed = ByteScanner.scan(text, Self.parse) else { return nil }
        self = parsed
    }

    func written(on date: LocalDate) -> (wall: LocalDateTime, offset: Int?) {
        switch self {
        case .wallClock(let local): return (local, nil)
        case .withOffset(let local, let offset): return (local, offset)
        case .timeOfDay(let second): return (LocalDateTime(date: date, secondOfDay: second), nil)
        }
    }

    private static func parse(_ scanner: inout ByteScanner) -> FeedTime? {
        scanner.dropTrailingSpaces()
        if scanner.end >= 10, scanner.bytes[4] == UInt8(ascii: "-") {
            guard let date = scanner.date(), scanner.take("T") || scanner.take(" "), let seconds = scanner.clock()
            else { return nil }
            let local = LocalDateTime(date: date, secondOfDay: seconds)
            if scanner.atEnd { return .wallClock(local) }
            guard let offset = scanner.offset(), scanner.atEnd else { return nil }
            return .withOffset(local, offsetSeconds: offset)
        }
        guard let seconds = scanner.clock(), scanner.atEnd else { return nil }
        return .timeOfDay(secondOfDay: seconds)
    }
}

/// A cursor over a string's own UTF-8 storage (no copy), valid only inside `scan`.
struct ByteScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var end: Int
    var index = 0

    static func scan<T>(_ text: String, _ body: (inout ByteScanner) -> T?) -> T? {
        var text = text
        return text.withUTF8 { buffer in
            var scanner = ByteScanner(bytes: buffer, end: buffer.count)
            return body(&scanner)
        }
    }

    var atEnd: Bool { index == end }
    mutating func dropTrailingSpaces() { while end > index, bytes[end - 1] == 0x20 { end -= 1 } }
    func peek(_ ascii: Unicode.Scalar) -> Bool { index < end && UInt32(bytes[index]) == ascii.value }

    mutating func take(_ ascii: Unicode.Scalar) -> Bool {
        guard peek(ascii) else { return false }
        index += 1
        return true
    }

    mutating func digits(_ count: Int) -> Int? {
        guard index + count <= end else { return nil }
        var value = 0
        for byte in bytes[index..<index + count] {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        index += count
        return value
    }

    mutating func date() -> LocalDate? {
        guard let year = digits(4), take("-"), let month = digits(2), take("-"), let day = digits(2) else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }

    mutating func clock() -> Int? {
        guard let hour = digits(2), hour < 24, take(":"), let minute = digits(2), minute < 60 else { return nil }
        guard take(":") else { return hour * 3600 + minute * 60 }
        guard let second = digits(2), second < 60 else { return nil }
        if take(".") {
            guard digits(1) != nil else { return nil }
            while digits(1) != nil {}
        }
        return hour * 3600 + minute * 60 + second
    }

    mutating func offset() -> Int? {
        if take("Z") || take("z") { return 0 }
        let sign = take("+") ? 1 : take("-") ? -1 : 0
        guard sign != 0, let hours = digits(2), hours <= 18 else { return nil }
        _ = take(":")
        guard let minutes = digits(2), minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}
