import DiningHours
import VenueReports
import VenuedProtocol

/// `menus`: each date's body as held, like `feed`; a date without data is an answer (`reason`), never an error.
struct MenusAnswer: Sendable {
    static let dateLimit = 8
    /// Under venuectl's 4 MB answer cap: a date whose body would pass it is sent as null with `too_large`, never cut.
    static let budget = 3 << 20
    let dates: [LocalDate], days: [LocalDate: MenuShelf.Day], today: LocalDate, zone: ZoneRules, zoneName: String

    static func dates(_ fields: RequestFields, today: LocalDate) throws(ProtocolError) -> [LocalDate] {
        let named = try fields.strings("dates")
        guard !named.isEmpty else { return MenuShelf.window(today: today) }
        guard named.count <= dateLimit else { throw ProtocolError("\"dates\" may name at most \(dateLimit) dates", code: .usage) }
        var dates: [LocalDate] = []
        for text in named {
            guard let date = LocalDate(parsing: text) else {
                throw ProtocolError("\"dates\" must list YYYY-MM-DD dates, not '\(UntrustedText.singleLine(String(text.prefix(40))))'", code: .usage)
            }
            if !dates.contains(date) { dates.append(date) }
        }
        return dates
    }

    func render() -> String {
        var spent = 0
        let entries = dates.map { date in
            let day = days[date]
            let members = [("date", JSONText.quote("\(date)")),
                           ("source", JSONText.string(day?.body == nil ? nil : day?.source.rawValue)),
                           ("fetched_at", day?.body == nil ? "null" : Reply.time(day?.fetchedAt, zone)),
                           ("stale", "\(day?.problem != nil)"), ("stale_reason", JSONText.string(day?.problem))]
            guard let body = day?.body else {
                return JSONText.object(members + [("menus", "null"), ("reason", JSONText.quote(reason(date, day)))])
            }
            guard spent + body.count <= Self.budget else {
                return JSONText.object(members + [("menus", "null"), ("too_large", "true"),
                                                  ("reason", JSONText.quote("the bodies of the dates before it fill this answer: ask for this date alone"))])
            }
            spent += body.count
            return JSONText.object(members + [("menus", JSONText.quote(String(decoding: body, as: UTF8.self)))])
        }
        return Reply.ok([("tz", JSONText.quote(zoneName)), ("dates", JSONText.array(entries))])
    }

    private func reason(_ date: LocalDate, _ day: MenuShelf.Day?) -> String {
        if date < today.adding(days: -1) || date > today.adding(days: MenuShelf.daysAhead) {
            return "venued keeps the menus of yesterday through \(MenuShelf.daysAhead) days ahead"
        }
        return day?.problem.map { "no menus fetched yet: \($0)" } ?? "no menus fetched yet"
    }

    static func info(_ shelf: MenuShelf, round running: Bool, zone: ZoneRules) -> String {
        let days = shelf.days.sorted { $0.key < $1.key }.map { date, day in
            JSONText.object([("date", JSONText.quote("\(date)")), ("menus", day.body == nil ? "null" : "\(day.menuCount)"),
                             ("bytes", "\(day.body?.count ?? 0)"), ("source", JSONText.string(day.body == nil ? nil : day.source.rawValue)),
                             ("fetched_at", Reply.time(day.fetchedAt, zone)), ("problem", JSONText.string(day.problem))])
        }
        return JSONText.object([("refreshing", "\(running)"), ("next_round", Reply.time(shelf.notBefore, zone)),
                                ("next_round_reason", JSONText.string(shelf.reason)), ("failures", "\(shelf.failures)"),
                                ("last_round", JSONText.string(shelf.lastRound)), ("dates", JSONText.array(days))])
    }
}
