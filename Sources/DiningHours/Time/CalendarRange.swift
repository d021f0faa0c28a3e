/// Years 0001 to 9999 (HOURS.md §3.8): ISO 8601, RFC 3339 and RFC 5545 write four-digit years.
public enum CalendarRange {
    public static let dates: ClosedRange<LocalDate> = LocalDate(dayNumber: -719_162)...LocalDate(dayNumber: 2_932_896)
    public static let cutName = "beyond_year_9999"
    public static let cutNote = "Nothing is shown past 9999-12-31: dates are written with four-digit years."

    public static func dates(from first: LocalDate, count: Int) -> (dates: [LocalDate], cut: Bool) {
        let all = (0..<max(count, 1)).map { first.adding(days: $0) }
        return (all.filter { dates.contains($0) }, all.contains { $0 > dates.upperBound })
    }
}

extension ZoneRules {
    public var writableInstants: Range<Instant> {
        midnight(starting: CalendarRange.dates.lowerBound)
            ..< midnight(starting: CalendarRange.dates.upperBound.adding(days: 1))
    }
}
