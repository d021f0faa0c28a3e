/// The dates a feed speaks for (HOURS.md §3.1): inside with no day entry is closed; outside is projected.
public struct Coverage: Sendable, Hashable {
    public let first, last: LocalDate
    /// HOURS.md §3.5: enough to carry a week over a late feed, not into another term.
    public static let horizonDays = 21
    public init(first: LocalDate, last: LocalDate) { (self.first, self.last) = (first, last) }
    public func contains(_ date: LocalDate) -> Bool { first <= date && date <= last }

    public var projectable: ClosedRange<LocalDate> {
        first.adding(days: -Self.horizonDays)...last.adding(days: Self.horizonDays)
    }

    /// The same weekday, the latest when projecting forward, the earliest backward (HOURS.md §3.4).
    public func projectionSource(for date: LocalDate) -> LocalDate? {
        projectable.contains(date) && CalendarRange.dates.contains(date) ? sameWeekday(for: date) : nil
    }

    /// As if there were no horizon: tells whether the horizon cut a block short.
    func sameWeekday(for date: LocalDate) -> LocalDate? {
        if date > last {
            let source = last.adding(days: -((last.weekday - date.weekday + 7) % 7))
            return source >= first ? source : nil
        }
        guard date < first else { return nil }
        let source = first.adding(days: (date.weekday - first.weekday + 7) % 7)
        return source <= last ? source : nil
    }
}
