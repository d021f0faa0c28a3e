import DiningHours
import VenueReports

/// The menus venued holds, date by date, and when it next asks Penn for them
/// (docs/MENUS.md, "venued"). A value the loop owns; the own lane gets a copy of one
/// day to judge an answer against, and the `menus` answer a copy of the days it names.
struct MenuShelf: Sendable {
    /// One date's menus as venued holds them.
    struct Day: Sendable {
        /// The body as Penn sent it (a JSON array), never rewritten; nil while none was adopted.
        var body: [UInt8]?
        var menuCount = 0
        /// `primary`: fetched by this venued; `cache`: read back from disk at start.
        var source: FeedSource = .cache
        var fetchedAt: Instant?
        /// Why the last refresh of this date gave nothing better (the held copy stays);
        /// nil after a good one. `info` and the `menus` answer say it.
        var problem: String?
        /// The menus decoded, their dishes' names folded (`FollowedDishes` asks them at
        /// every round of pushes); built on the own lane, with the judging.
        var dishes = DishIndex.empty
    }

    /// Penn's server caches each date for 3 hours and menus rarely change: while
    /// answers are good, venued asks no more often (the interval of its `RefreshPolicy`,
    /// and the cap of its backoff).
    static let maxAge = 3 * 3600
    /// Today and the next 6 days, as Penn loads them.
    static let daysAhead = 6
    /// The same rule as the venues' refreshes, with the menus' interval.
    static let policy = RefreshPolicy(interval: maxAge)

    var days: [LocalDate: Day] = [:]
    /// No round before this (the policy's last decision); nil: one is due at once.
    var notBefore: Instant?
    /// Why `notBefore` is when it is (`RefreshPolicy.Reason`), for `info`.
    var reason: String?
    /// Failed rounds in a row: the backoff grows with them.
    var failures = 0
    /// The date (venue zone) of the last round: a new date brings a round, unless a
    /// failure's backoff or Retry-After is still running.
    var roundDate: LocalDate?
    /// What the last round did, one line, for `info`.
    var lastRound: String?

    /// The dates a round asks for: today and the next `daysAhead`.
    static func dates(today: LocalDate) -> [LocalDate] { (0...daysAhead).map { today.adding(days: $0) } }

    /// The dates the `menus` answer covers by default: yesterday (a meal past midnight
    /// may still be served) through the last date a round asks for.
    static func window(today: LocalDate) -> [LocalDate] { (-1...daysAhead).map { today.adding(days: $0) } }

    /// When the next round is due: `notBefore`, or the next date's midnight when it
    /// comes first and the last round went well.
    func dueAt(zone: ZoneRules) -> Instant {
        guard let notBefore else { return Instant(secondsSinceEpoch: 0) }
        guard failures == 0, let roundDate else { return notBefore }
        return min(notBefore, zone.instant(for: LocalDateTime(date: roundDate.adding(days: 1), secondOfDay: 0)))
    }

    /// Every date's menus, for the followed dishes.
    var dishIndex: DishIndex { DishIndex(merging: days.keys.sorted().compactMap { days[$0]?.dishes }) }

    /// Forgets the dates no answer covers any more (before yesterday).
    mutating func prune(today: LocalDate) {
        days = days.filter { $0.key >= today.adding(days: -1) }
    }
}
