/// Why a venue's state is `unknown` on a date (HOURS.md §3.6).
public enum UnknownReason: Sendable, Hashable {
    case noData
    case beyondHorizon(coverage: Coverage)
    case notEstimated
    case noSameWeekday

    public var name: String {
        switch self {
        case .noData: "no_data"
        case .beyondHorizon: "beyond_horizon"
        case .notEstimated: "not_estimated"
        case .noSameWeekday: "no_same_weekday"
        }
    }
}
