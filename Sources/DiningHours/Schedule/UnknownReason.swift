/// Why a venue's state is `unknown` on a date (HOURS.md §3.6), so an answer can say "the data is three years old".
public enum UnknownReason: Sendable, Hashable {
    case noData
    /// More than `Coverage.horizonDays` from the covered dates: too far for the data's week to be a fair guess.
    case beyondHorizon(coverage: Coverage)
    /// The date is outside the coverage and estimation is off (`--no-estimate`).
    case notEstimated
    /// The date is within the horizon, but no covered date has its weekday.
    case noSameWeekday

    /// The name in JSON (`"unknown_reason"`) and templates.
    public var name: String {
        switch self {
        case .noData: return "no_data"
        case .beyondHorizon: return "beyond_horizon"
        case .notEstimated: return "not_estimated"
        case .noSameWeekday: return "no_same_weekday"
        }
    }
}
