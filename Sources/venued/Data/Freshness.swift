import DiningHours

/// The rule that keeps good data from being replaced by worse: a new feed replaces
/// the held one only if it covers at least as much of today-and-after. The backup URL
/// still serves 2023 dates, so without this a primary outage would swap this week's
/// hours for a stale week.
enum Freshness {
    /// How many dates from `today` on the coverage includes.
    static func daysAhead(_ coverage: Coverage?, from today: LocalDate) -> Int {
        guard let coverage, coverage.last >= today else { return 0 }
        return coverage.last.dayNumber - max(coverage.first, today).dayNumber + 1
    }

    /// True when `candidate` may replace `held`: more or as many dates from today on,
    /// and when neither reaches today, a last date no earlier than the held one. Ties
    /// go to the candidate, the newer copy of the same dates.
    static func mayReplace(held: Coverage?, with candidate: Coverage?, today: LocalDate) -> Bool {
        let heldKey = (daysAhead(held, from: today), held?.last.dayNumber ?? Int.min)
        let candidateKey = (daysAhead(candidate, from: today), candidate?.last.dayNumber ?? Int.min)
        return candidateKey >= heldKey
    }
}
