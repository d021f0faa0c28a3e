import DiningHours
import VenueReports

/// The menus venued holds, date by date, and when it next asks Penn (docs/MENUS.md). A value the loop owns;
/// others get copies of the days they need.
struct MenuShelf: Sendable {
    struct Day: Sendable {
        /// As Penn sent it, never rewritten; nil while none was adopted.
        var body: [UInt8]?
        var menuCount = 0
        /// `cache`: read back from disk at start.
        var source: FeedSource = .cache
        var fetchedAt: Instant?
        /// Why the last refresh of this date gave nothing better; nil after a good one.
        var problem: String?
        /// Built off the loop with the judging, since `FollowedDishes` asks it at every round of pushes.
        var dishes = DishIndex.empty
    }

    /// Penn's server caches each date for 3 hours and menus rarely change: while answers are good, venued asks
    /// no more often.
    static let maxAge = 3 * 3600
    static let daysAhead = 6
    static let policy = RefreshPolicy(interval: maxAge)

    var days: [LocalDate: Day] = [:]
    /// Nil: a round is due at once.
    var notBefore: Instant?
    var reason: String?
    var failures = 0
    /// In the venue zone: a new date brings a round, unless a backoff or Retry-After is still running.
    var roundDate: LocalDate?
    var lastRound: String?

    static func dates(today: LocalDate) -> [LocalDate] { (0...daysAhead).map { today.adding(days: $0) } }

    /// Yesterday (a meal past midnight may still be served) through the last date a round asks for.
    static func window(today: LocalDate) -> [LocalDate] { (-1...daysAhead).map { today.adding(days: $0) } }

    /// The next date's midnight counts only when it comes first and the last round went well.
    func dueAt(zone: ZoneRules) -> Instant {
        guard let notBefore else { return Instant(secondsSinceEpoch: 0) }
        guard failures == 0, let roundDate else { return notBefore }
        return min(notBefore, zone.instant(for: LocalDateTime(date: roundDate.adding(days: 1), secondOfDay: 0)))
    }

    var dishIndex: DishIndex { DishIndex(merging: days.keys.sorted().compactMap { days[$0]?.dishes }) }

    mutating func prune(today: LocalDate) {
        days = days.filter { $0.key >= today.adding(days: -1) }
    }
}
