extension Coverage {
    /// How many days past either end of the coverage projection reaches (HOURS.md §3.5): enough to carry a
    /// regular week over a late or weekly feed, not into another term (September says nothing of Thanksgiving).
    public static let horizonDays = 21

    public var projectable: ClosedRange<LocalDate> {
        first.adding(days: -Self.horizonDays)...last.adding(days: Self.horizonDays)
    }

    /// The covered date whose hours stand in for `date` (HOURS.md §3.4): the same weekday, the latest such when
    /// projecting forward, the earliest backward; nil inside the coverage, beyond the horizon or year 9999, or
    /// when no covered date has that weekday.
    public func projectionSource(for date: LocalDate) -> LocalDate? {
        projectable.contains(date) && CalendarRange.dates.contains(date) ? sameWeekday(for: date) : nil
    }

    /// `projectionSource` as if there were no horizon: what the week would repeat past
    /// it, which tells whether the horizon cut a block short (`Timetable.horizonCuts`).
    func sameWeekday(for date: LocalDate) -> LocalDate? {
        if date > last {
            let source = last.adding(days: -((last.weekday - date.weekday + 7) % 7))
            return source >= first ? source : nil
        }
        if date < first {
            let source = first.adding(days: (date.weekday - first.weekday + 7) % 7)
            return source <= last ? source : nil
        }
        return nil
    }
}
