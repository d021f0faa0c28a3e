import DiningHours

extension UnknownReason {
    /// A few words for a venue's line or a day of `hours`; the status header says the rest (`StatusNotes`).
    package func detail(on date: LocalDate) -> String {
        switch self {
        case .notEstimated: return "not in the data (--no-estimate)"
        case .noData: return "no hours published"
        case .beyondHorizon, .noSameWeekday: return "no hours: " + clause(on: date)
        }
    }

    /// Fewer words, for a count of venues that share the reason (`Headcount.because`).
    package func clause(on date: LocalDate) -> String {
        switch self {
        case .beyondHorizon(let coverage):
            return date > coverage.last ? "the data ends \(coverage.last)" : "the data starts \(coverage.first)"
        case .noSameWeekday: return "no \(ClockText.weekdays[date.weekday]) in the data"
        case .notEstimated: return "not projected: --no-estimate"
        case .noData: return "none published"
        }
    }
}
