import DiningHours
import Glibc
import VenueReports
import VenuedSystem

/// The menus on disk, each date's body as Penn sent it and a state file, so a restart neither forgets them nor asks
/// Penn again before its time (a Retry-After outlives a restart).
struct MenuCache: Sendable {
    let cacheDirectory: String
    var directory: String { cacheDirectory + "/menus" }
    func path(_ date: LocalDate) -> String { "\(directory)/\(date).json" }
    var statePath: String { directory + "/state.json" }
    func store(_ bytes: [UInt8], date: LocalDate) throws(CacheError) { try write(bytes, to: path(date)) }

    private func write(_ bytes: [UInt8], to file: String) throws(CacheError) {
        do {
            try AtomicFile.makeDirectories(cacheDirectory)
            try AtomicFile.checkOwnDirectory(cacheDirectory)
            try AtomicFile.makeDirectories(directory)
            try AtomicFile.checkOwnDirectory(directory)
            try AtomicFile.write(bytes, to: file)
        } catch { throw CacheError(message: "\(error)") }
    }

    func storeState(_ shelf: MenuShelf, today: LocalDate) throws(CacheError) {
        let days = shelf.days.sorted { $0.key < $1.key }
        let state = JSONText.object([
            ("not_before", shelf.notBefore.map { "\($0.secondsSinceEpoch)" } ?? "null"),
            ("reason", JSONText.string(shelf.reason)), ("failures", "\(shelf.failures)"),
            ("round_date", JSONText.string(shelf.roundDate.map { "\($0)" })), ("last_round", JSONText.string(shelf.lastRound)),
            ("fetched_at", JSONText.object(days.compactMap { date, day in
                day.fetchedAt.map { ("\(date)", "\($0.secondsSinceEpoch)") }
            })),
            ("problems", JSONText.object(days.compactMap { date, day in
                day.problem.map { ("\(date)", JSONText.quote($0)) }
            })),
        ])
        try write(Array((state + "\n").utf8), to: statePath)
        for back in 2...8 { unlink(path(today.adding(days: -back))) }
    }

    func load(today: LocalDate, zone: ZoneRules, now: Instant) -> (shelf: MenuShelf, problems: [String]) {
        var shelf = MenuShelf()
        var problems: [String] = []
        var fetched: [String: Instant] = [:]
        var dateProblems: [String: String] = [:]
        _ = AtomicFile.removeTemporaries(of: statePath)
        if access(statePath, F_OK) == 0 {
            do {
                let state = try JSONParser.parse(try BoundedFile.read(statePath, limit: BoundedFile.smallFileLimit))
                shelf.notBefore = Self.instant(state["not_before"]).map { min($0, now + RefreshPolicy.longestRetryAfter) }
                if case .string(let reason)? = state["reason"] { shelf.reason = reason }
                if case .string(let line)? = state["last_round"] { shelf.lastRound = line }
                if case .number(let failures)? = state["failures"], let count = Int(exactly: failures), count >= 0 { shelf.failures = count }
                if case .string(let date)? = state["round_date"] { shelf.roundDate = LocalDate(parsing: date) }
                if case .object(let members)? = state["fetched_at"] {
                    for (date, value) in members { fetched[date] = Self.instant(value) }
                }
                if case .object(let members)? = state["problems"] {
                    for case (let date, .string(let problem)) in members { dateProblems[date] = UntrustedText.singleLine(problem) }
                }
            } catch { problems.append("the menus state \(statePath) is not usable (\(error)); a round runs at once") }
        }
        for date in MenuShelf.window(today: today) {
            // A date whose only copy is the failure: nothing held, the reason kept.
            if let problem = dateProblems["\(date)"] { shelf.days[date, default: MenuShelf.Day()].problem = problem }
            let file = path(date)
            _ = AtomicFile.removeTemporaries(of: file)
            guard access(file, F_OK) == 0 else { continue }
            do {
                let bytes = try BoundedFile.read(file, limit: HTTPFetcher.sizeLimit)
                let menus = try MenuDecoder.decode(bytes, zone: zone).menus
                shelf.days[date] = MenuShelf.Day(body: bytes, menuCount: menus.count, source: .cache, fetchedAt: fetched["\(date)"],
                                                 problem: dateProblems["\(date)"], dishes: DishIndex(MenuBook(menus)))
            } catch {
                rename(file, file + ".corrupt")
                problems.append("the cached menus \(file) are not usable (\(error)); moved aside")
            }
        }
        return (shelf, problems)
    }

    private static func instant(_ value: JSONValue?) -> Instant? {
        guard case .number(let seconds)? = value, let whole = Int(exactly: seconds) else { return nil }
        return Instant(secondsSinceEpoch: whole)
    }
}

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
