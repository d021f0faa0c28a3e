/// A wall-clock reading with no offset, as the feed writes it. Deliberately not an `Instant`: turning one into
/// the other needs a zone and a rule for gaps and folds (`ZoneRules.instant(for:)`).
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let date: LocalDate
    /// Seconds since local midnight, 0..<86400.
    public let secondOfDay: Int

    /// Normalises `secondOfDay` outside 0..<86400 into neighbouring dates.
    public init(date: LocalDate, secondOfDay: Int) {
        let carry = secondOfDay >= 0 ? secondOfDay / 86_400 : (secondOfDay - 86_399) / 86_400
        self.date = date.adding(days: carry)
        self.secondOfDay = secondOfDay - carry * 86_400
    }

    /// Seconds since 1970-01-01T00:00 on this wall clock, as if it were UTC.
    public var wallSeconds: Int { date.dayNumber * 86_400 + secondOfDay }

    public init(wallSeconds: Int) { self.init(date: LocalDate(dayNumber: 0), secondOfDay: wallSeconds) }

    public var hour: Int { secondOfDay / 3600 }
    public var minute: Int { secondOfDay / 60 % 60 }
    public var second: Int { secondOfDay % 60 }

    public func adding(days: Int) -> LocalDateTime { LocalDateTime(date: date.adding(days: days), secondOfDay: secondOfDay) }

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool { a.wallSeconds < b.wallSeconds }

    public var description: String { "\(date)T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))" }
}
