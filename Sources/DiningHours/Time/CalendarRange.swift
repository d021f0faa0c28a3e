/// The dates an answer may name: years 0001 to 9999 (HOURS.md §3.8). ISO 8601, RFC 3339 and RFC 5545 write
/// four-digit years and 0000 is no civil year, so nothing is projected, listed or printed outside them.
public enum CalendarRange {
    /// 0001-01-01 through 9999-12-31.
    public static let dates: ClosedRange<LocalDate> = LocalDate(dayNumber: -719_162)...LocalDate(dayNumber: 2_932_896)

    /// The JSON `"cut"` (of `hours` and `next`) of an answer whose window ended at 9999-12-31.
    public static let cutName = "beyond_year_9999"

    public static let cutNote = "Nothing is shown past 9999-12-31: dates are written with four-digit years."

    /// `count` dates from `first` (at least one) within the range; `cut` when some lay after 9999-12-31.
    public static func dates(from first: LocalDate, count: Int) -> (dates: [LocalDate], cut: Bool) {
        let all = (0..<max(count, 1)).map { first.adding(days: $0) }
        return (all.filter { dates.contains($0) }, all.contains { $0 > dates.upperBound })
    }
}

extension ZoneRules {
    /// From midnight starting 0001-01-01 to the midnight ending 9999-12-31 (written 10000-01-01, so outside).
    public var writableInstants: Range<Instant> {
        midnight(starting: CalendarRange.dates.lowerBound)
            ..< midnight(starting: CalendarRange.dates.upperBound.adding(days: 1))
    }
}
