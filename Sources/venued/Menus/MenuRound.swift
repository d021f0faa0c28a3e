import DiningHours
import VenueReports

/// One menus round as a value the loop steps through, like `RefreshChain`, today first.
struct MenuRound: Sendable {
    let today: LocalDate
    private let dates: [LocalDate]
    private let base: String
    private var index = 0
    private(set) var current: LocalDate?
    private(set) var retryAfter: [RetryAfterHeader] = []
    private(set) var freshness: FreshnessHeaders?
    private(set) var failures: [String] = []
    private(set) var adopted = 0
    private var stopped = false

    init(today: LocalDate, menusURL: String) {
        self.today = today
        dates = MenuShelf.dates(today: today)
        base = menusURL.hasSuffix("/") ? String(menusURL.dropLast()) : menusURL
    }

    mutating func next() -> (date: LocalDate, fetch: RefreshChain.Fetch)? {
        guard !stopped, index < dates.count else { current = nil; return nil }
        let date = dates[index]
        index += 1
        current = date
        return (date, RefreshChain.Fetch(source: .primary, url: "\(base)/\(date)/", validators: nil))
    }

    mutating func rewind() {
        guard current != nil else { return }
        index -= 1
        current = nil
    }

    mutating func failed(_ reason: String, retryAfter asked: RetryAfterHeader?) {
        if let asked { retryAfter.append(asked) }
        if let current { failures.append("\(current): \(reason)") }
        stopped = true
    }

    mutating func judged(ok: Bool, adopted wasAdopted: Bool, detail: String, headers: FreshnessHeaders) {
        guard let current else { return }
        if ok { freshness = headers } else { failures.append("\(current): \(detail)") }
        if wasAdopted { adopted += 1 }
    }

    var succeeded: Bool { failures.isEmpty }
    var summary: String {
        let asked = stopped ? "stopped after a failed GET" : "asked \(dates.count) dates"
        return "\(asked); adopted \(adopted)" + (failures.isEmpty ? "" : "; " + failures.joined(separator: "; "))
    }
}

/// What one date's answer does to the held menus, off the loop, handed back as a value the loop swaps in.
struct MenuAdoption: Sendable {
    struct Result: Sendable {
        let date: LocalDate
        let day: MenuShelf.Day
        let ok: Bool
        let adopted: Bool
        let detail: String
        let log: [(LogLevel, String)]
    }

    let date: LocalDate
    let held: MenuShelf.Day?
    let zone: ZoneRules
    let cache: MenuCache
    let now: Instant

    func body(_ bytes: [UInt8]) -> Result {
        let menus: [Menu]
        do { menus = try MenuDecoder.decode(bytes, zone: zone).menus } catch {
            return kept(ok: false, "answered what is not a menus list (\(error))")
        }
        let count = menus.count
        if count == 0, let held, held.menuCount > 0 { return kept(ok: true, "answered [] (no menus)") }
        var log: [(LogLevel, String)] = [(.info, "menus of \(date) adopted (\(bytes.count) bytes, \(count) menus)")]
        var detail = "adopted (\(count) menus)"
        do { try cache.store(bytes, date: date) } catch {
            detail += ", but the cache could not be written: \(error)"
            log.append((.error, "menus of \(date) adopted, but the cache could not be written: \(error); a restart would not find them"))
        }
        let day = MenuShelf.Day(body: bytes, menuCount: count, source: .primary, fetchedAt: now, dishes: DishIndex(MenuBook(menus)))
        return Result(date: date, day: day, ok: true, adopted: true, detail: detail, log: log)
    }

    static func failed(_ held: MenuShelf.Day?, _ reason: String, at now: Instant, zone: ZoneRules) -> MenuShelf.Day {
        noting(held, "failed: \(reason)", at: now, zone: zone)
    }

    private func kept(ok: Bool, _ what: String) -> Result {
        Result(date: date, day: Self.noting(held, what, at: now, zone: zone), ok: ok, adopted: false, detail: what,
               log: [(.warning, "menus of \(date) not adopted: the refresh \(what)")])
    }

    private static func noting(_ held: MenuShelf.Day?, _ what: String, at now: Instant,
                               zone: ZoneRules) -> MenuShelf.Day {
        let kept = held?.body == nil ? "nothing held"
            : held?.fetchedAt.map { "kept the menus fetched at \(zone.iso8601($0))" } ?? "kept the menus held"
        var day = held ?? MenuShelf.Day()
        day.problem = "the refresh at \(zone.iso8601(now)) \(what); \(kept)"
        return day
    }
}
