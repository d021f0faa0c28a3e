/// Days since 1970-01-01 (proleptic Gregorian), with Howard Hinnant's civil algorithms.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let dayNumber: Int
    public init(dayNumber: Int) { self.dayNumber = dayNumber }

    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= LocalDate.daysIn(month: month, year: year) else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        dayNumber = era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
    }

    public init?(parsing text: String) {
        guard let date = ByteScanner.scan(text, { s in s.date().flatMap { s.atEnd ? $0 : nil } }) else { return nil }
        self = date
    }

    public var components: (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, doy - (153 * mp + 2) / 5 + 1)
    }

    public var weekday: Int { ((dayNumber % 7) + 7 + 4) % 7 }
    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }
    public static func < (a: LocalDate, b: LocalDate) -> Bool { a.dayNumber < b.dayNumber }

    public var description: String {
        let (y, m, d) = components
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))"
    }

    private static let monthDays = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

    /// `month` is 1...12 (callers check it).
    static func daysIn(month: Int, year: Int) -> Int {
        month == 2 && ((year % 4 == 0 && year % 100 != 0) || year % 400 == 0) ? 29 : monthDays[month - 1]
    }
}

func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(abs(value))
    return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
}
