/// The dates an answer may name: years 0001 to 9999 (HOURS.md §3.8).
///
/// ISO 8601 (without its by-agreement expansion), RFC 3339 and RFC 5545 write a year in
/// four digits, and year 0000 is no year of the civil calendar. An instant outside this
/// range would come out as `10000-01-01T…` in JSON or `DTSTART:100000101T…` in a
/// calendar, which no reader takes; so nothing is projected, listed or printed past it,
/// and an answer cut there says so (`cutName`).
public enum CalendarRange {
    /// 0001-01-01 through 9999-12-31.
    public static let dates: ClosedRange<LocalDate> = LocalDate(dayNumber: -719_162)...LocalDate(dayNumber: 2_932_896)

    /// How a JSON answer says that its window was cut at the end of 9999-12-31
    /// (`"cut"` of `hours` and `next`).
    public static let cutName = "beyond_year_9999"

    /// The plain-text note of an answer cut there.
    public static let cutNote = "Nothing is shown past 9999-12-31: dates are written with four-digit years."

    /// `count` dates from `first` (at least one), less those outside the range; `cut`
    /// when some of them lay after 9999-12-31.
    public static func dates(from first: LocalDate, count: Int) -> (dates: [LocalDate], cut: Bool) {
        let all = (0..<max(count, 1)).map { first.adding(days: $0) }
        return (all.filter { dates.contains($0) }, all.contains { $0 > dates.upperBound })
    }
}

extension ZoneRules {
    /// The instants whose local date in this zone lies in `CalendarRange.dates`: from
    /// midnight starting 0001-01-01 to the midnight that ends 9999-12-31, which is
    /// itself outside (it is written 10000-01-01T00:00).
    public var writableInstants: Range<Instant> {
        instant(for: LocalDateTime(date: CalendarRange.dates.lowerBound, secondOfDay: 0))
            ..< instant(for: LocalDateTime(date: CalendarRange.dates.upperBound.adding(days: 1), secondOfDay: 0))
    }
}
