import DiningHours

extension UnknownReason {
    /// A few words for a venue's line or a day of `hours`; the status header says the rest (`StatusNotes`).
    package func detail(on date: LocalDate) -> String {
        switch self {
        case .beyondHorizon(let coverage):
            return date > coverage.last ? "no hours: the data ends \(coverage.last)" : "no hours: the data starts \(coverage.first)"
        case .noSameWeekday: return "no hours: no \(ClockText.weekdays[date.weekday]) in the data"
        case .notEstimated: return "not in the data (--no-estimate)"
        case .noData: return "no hours published"
        }
    }
}
