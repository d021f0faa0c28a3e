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
