/// Deliberately not an `Instant`: that needs a zone and a rule for gaps and folds (`ZoneRules.instant(for:)`).
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let date: LocalDate
    public let secondOfDay: Int

    public init(date: LocalDate, secondOfDay: Int) {
        let carry = secondOfDay >= 0 ? secondOfDay / 86_400 : (secondOfDay - 86_399) / 86_400
        (self.date, self.secondOfDay) = (date.adding(days: carry), secondOfDay - carry * 86_400)
    }

    public var wallSeconds: Int { date.dayNumber * 86_400 + secondOfDay }
    public init(wallSeconds: Int) { self.init(date: LocalDate(dayNumber: 0), secondOfDay: wallSeconds) }
    public var hour: Int { secondOfDay / 3600 }
    public var minute: Int { secondOfDay / 60 % 60 }
    public var second: Int { secondOfDay % 60 }
    public func adding(days: Int) -> LocalDateTime { LocalDateTime(date: date.adding(days: days), secondOfDay: secondOfDay) }
    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool { a.wallSeconds < b.wallSeconds }
    public var description: String { "\(date)T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))" }
}
