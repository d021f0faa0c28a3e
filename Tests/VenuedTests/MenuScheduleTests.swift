import DiningHours
import Testing
import VenuedProtocol
import VenueReports
@testable import venued

/// The menus' schedule and round as values (docs/venued.md, "Menus"): when a round is
/// due, what a round asks, and what the `menus` answer carries.
@Suite struct MenuScheduleRule {
    static var zone: ZoneRules { Feeds.zone }
    /// 2026-03-05 12:00 EST.
    static let noon = Instant(secondsSinceEpoch: 1_772_730_000)
    static var today: LocalDate { zone.localDate(of: noon) }
    static var nextMidnight: Instant { zone.instant(for: LocalDateTime(date: today.adding(days: 1), secondOfDay: 0)) }

    @Test func aRoundIsDueAtOnceWithoutAScheduleThenAtMaxAgeOrTheNextDate() {
        var shelf = MenuShelf()
        #expect(shelf.dueAt(zone: Self.zone) <= Self.noon)
        let decision = MenuShelf.policy.next(after: .succeeded(FreshnessHeaders()), now: Self.noon, unit: 0)
        #expect(decision.at == Self.noon + 3 * 3600)
        shelf.notBefore = decision.at
        shelf.roundDate = Self.today
        #expect(shelf.dueAt(zone: Self.zone) == Self.noon + 3 * 3600)
        // At 22:00 the max-age runs past midnight: the new date comes first.
        shelf.notBefore = Self.noon + 13 * 3600
        #expect(shelf.dueAt(zone: Self.zone) == Self.nextMidnight)
    }

    @Test func aChangeOfDateDoesNotOpenABackoffOrARetryAfter() {
        var shelf = MenuShelf()
        shelf.failures = 1
        shelf.roundDate = Self.today
        let decision = MenuShelf.policy.next(after: .failed(failures: 1), retryAfter: [RetryAfterHeader(value: "86400", date: nil)],
                                             now: Self.noon, unit: 0)
        shelf.notBefore = decision.at
        #expect(decision.at == Self.noon + 86_400)
        #expect(shelf.dueAt(zone: Self.zone) == Self.noon + 86_400)
    }

    @Test func aRoundAsksTodayAndSixDaysAndStopsAtAFailedGet() {
        var round = MenuRound(today: Self.today, menusURL: "http://127.0.0.1:8/menus/")
        let first = round.next()
        #expect(first?.date == Self.today && first?.fetch.url == "http://127.0.0.1:8/menus/2026-03-05/")
        round.judged(ok: true, adopted: true, detail: "adopted", headers: FreshnessHeaders())
        #expect(round.next()?.date == Self.today.adding(days: 1))
        round.rewind()
        #expect(round.next()?.date == Self.today.adding(days: 1))
        round.failed("HTTP 503", retryAfter: RetryAfterHeader(value: "60", date: nil))
        #expect(round.next() == nil && !round.succeeded && round.retryAfter.count == 1)
        #expect(round.summary.contains("2026-03-06: HTTP 503"))

        var whole = MenuRound(today: Self.today, menusURL: "http://127.0.0.1:8/menus")
        var dates: [LocalDate] = []
        while let next = whole.next(), dates.count < 10 { dates.append(next.date) }
        #expect(dates == MenuShelf.dates(today: Self.today) && dates.count == 7)
    }

    @Test func theAnswerCarriesBodiesWithinItsBudgetAndSaysWhyADateHasNone() throws {
        let body = Array(#"[]"#.utf8)
        let large = [UInt8](repeating: UInt8(ascii: " "), count: MenusAnswer.budget - 3) + body
        let days: [LocalDate: MenuShelf.Day] = [
            Self.today: MenuShelf.Day(body: large, menuCount: 0, source: .primary, fetchedAt: Self.noon),
            Self.today.adding(days: 1): MenuShelf.Day(body: body, menuCount: 0, source: .cache, fetchedAt: nil),
        ]
        let dates = [Self.today, Self.today.adding(days: 1), Self.today.adding(days: 30)]
        let text = MenusAnswer(dates: dates, days: days, today: Self.today, zone: Self.zone, zoneName: "America/New_York").render()
        let answer = try JSONParser.parse(Array(text.utf8))
        guard case .array(let entries)? = answer["dates"], entries.count == 3 else { Issue.record("no dates: \(text.prefix(200))"); return }
        #expect(entries[0]["source"] == .string("primary") && entries[0]["menus"] != .null)
        #expect(entries[1]["menus"] == .null && entries[1]["too_large"] == .bool(true))
        #expect(entries[2]["menus"] == .null && entries[2]["reason"] == .string("venued keeps the menus of yesterday through 6 days ahead"))
    }

    @Test func badDatesAreUsageErrors() throws {
        func dates(_ json: String) throws(ProtocolError) -> [LocalDate] {
            let request = try Request(parsing: Array(#"{"v":1,"cmd":"menus","dates":\#(json)}"#.utf8))
            return try MenusAnswer.dates(request.fields, today: Self.today)
        }
        #expect(try dates("[]") == MenuShelf.window(today: Self.today))
        #expect(try dates(#"["2026-03-06","2026-03-06"]"#) == [Self.today.adding(days: 1)])
        #expect(throws: ProtocolError.self) { try dates(#"["tomorrow"]"#) }
        #expect(throws: ProtocolError.self) { try dates("[" + (0..<9).map { #""2026-03-0\#($0 + 1)""# }.joined(separator: ",") + "]") }
    }
}
