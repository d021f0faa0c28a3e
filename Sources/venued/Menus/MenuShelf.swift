import DiningHours
import VenueReports

/// The menus venued holds, date by date, and when it next asks Penn (docs/MENUS.md).
struct MenuShelf: Sendable {
    struct Day: Sendable {
        var body: [UInt8]?
        var menuCount = 0
        var source: FeedSource = .cache
        var fetchedAt: Instant?
        var problem: String?
        var dishes = DishIndex.empty
    }

    static let maxAge = 3 * 3600
    static let daysAhead = 6
    static let policy = RefreshPolicy(interval: maxAge)
    var days: [LocalDate: Day] = [:]
    var notBefore: Instant?
    var reason: String?
    var failures = 0
    var roundDate: LocalDate?
    var lastRound: String?
    static func dates(today: LocalDate) -> [LocalDate] { (0...daysAhead).map { today.adding(days: $0) } }
    static func window(today: LocalDate) -> [LocalDate] { (-1...daysAhead).map { today.adding(days: $0) } }

    func dueAt(zone: ZoneRules) -> Instant {
        guard let notBefore else { return Instant(secondsSinceEpoch: 0) }
        guard failures == 0, let roundDate else { return notBefore }
        return min(notBefore, zone.instant(for: LocalDateTime(date: roundDate.adding(days: 1), secondOfDay: 0)))
    }

    var dishIndex: DishIndex { DishIndex(merging: days.keys.sorted().compactMap { days[$0]?.dishes }) }
    mutating func prune(today: LocalDate) { days = days.filter { $0.key >= today.adding(days: -1) } }
}
