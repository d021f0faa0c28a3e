/// A time as the feed writes it, before any zone is applied.
public enum FeedTime: Hashable, Sendable {
    /// `2023-09-18T11:00:00`: a wall clock in the venue's zone (the current format).
    case wallClock(LocalDateTime)
    /// `2022-10-08T10:00:00-04:00` or `...Z`: the wall clock as written and its offset.
    case withOffset(LocalDateTime, offsetSeconds: Int)
    /// `10:00` (a 2022 variant): a time of day on the day's own date.
    case timeOfDay(secondOfDay: Int)

    /// Parses every form HOURS.md §2.2 accepts; nil for anything else. Fractions of a
    /// second are accepted and dropped; a space may stand for the `T`.
    public init?(parsing text: String) {
        var text = text
        guard let parsed = text.withUTF8({ Self.parse(ByteScanner($0)) }) else { return nil }
        self = parsed
    }

    public var writtenDate: LocalDate? {
        switch self {
        case .wallClock(let local), .withOffset(let local, _): return local.date
        case .timeOfDay: return nil
        }
    }

    private static func parse(_ scanner: ByteScanner) -> FeedTime? {
        var scanner = scanner
        scanner.dropTrailingSpaces()
        if scanner.count >= 10, scanner[4] == UInt8(ascii: "-") {
            guard let date = scanner.date(), scanner.take(UInt8(ascii: "T")) || scanner.take(0x20),
                  let seconds = scanner.clock() else { return nil }
            let local = LocalDateTime(date: date, secondOfDay: seconds)
            if scanner.atEnd { return .wallClock(local) }
            guard let offset = scanner.offset(), scanner.atEnd else { return nil }
            return .withOffset(local, offsetSeconds: offset)
        }
        guard let seconds = scanner.clock(), scanner.atEnd else { return nil }
        return .timeOfDay(secondOfDay: seconds)
    }
}

/// A cursor over a string's own UTF-8 storage (no copy) for the fixed-width fields of feed times.
/// Valid only inside the `withUTF8` call that lends the buffer.
struct ByteScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var end: Int
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.end = bytes.count
    }

    var atEnd: Bool { index == end }
    var count: Int { end }
    subscript(position: Int) -> UInt8 { bytes[position] }

    mutating func dropTrailingSpaces() {
        while end > index, bytes[end - 1] == 0x20 { end -= 1 }
    }

    mutating func take(_ byte: UInt8) -> Bool {
        guard index < end, bytes[index] == byte else { return false }
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

    /// `YYYY-MM-DD`
    mutating func date() -> LocalDate? {
        guard let year = digits(4), take(UInt8(ascii: "-")), let month = digits(2), take(UInt8(ascii: "-")),
              let day = digits(2) else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }

    /// `HH:MM[:SS[.fff]]` as seconds of the day.
    mutating func clock() -> Int? {
        guard let hour = digits(2), hour < 24, take(UInt8(ascii: ":")), let minute = digits(2), minute < 60 else { return nil }
        var second = 0
        if take(UInt8(ascii: ":")) {
            guard let s = digits(2), s < 60 else { return nil }
            second = s
            if take(UInt8(ascii: ".")) {
                guard digits(1) != nil else { return nil }
                while digits(1) != nil {}
            }
        }
        return hour * 3600 + minute * 60 + second
    }

    /// `Z`, `±HH:MM` or `±HHMM` as seconds east of UTC.
    mutating func offset() -> Int? {
        if take(UInt8(ascii: "Z")) || take(UInt8(ascii: "z")) { return 0 }
        let sign: Int
        if take(UInt8(ascii: "+")) { sign = 1 } else if take(UInt8(ascii: "-")) { sign = -1 } else { return nil }
        guard let hours = digits(2), hours <= 18 else { return nil }
        _ = take(UInt8(ascii: ":"))
        guard let minutes = digits(2), minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}
