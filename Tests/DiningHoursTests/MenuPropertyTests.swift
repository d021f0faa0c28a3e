import VenueReports
import DiningHours
import Foundation
import Testing

/// The menus' boundaries against references: the meal past midnight against Foundation's
/// calendar across DST nights, the current-or-next meal against its definition at
/// thousands of instants, and the filters against the rule that unknown is never safe.
@Suite struct MenuPropertyTests {
    /// A meal written as Penn writes one: the wall clocks with the zone's offset at the start.
    func body(date: LocalDate, start: Int, end: Int, zone: ZoneRules) -> String {
        let wall = LocalDateTime(date: date, secondOfDay: start)
        let offset = zone.offset(at: zone.instant(for: wall))
        let sign = offset < 0 ? "-" : "+"
        let hours = abs(offset) / 3600, minutes = abs(offset) / 60 % 60
        let suffix = sign + (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
        func time(_ second: Int) -> String { "\(LocalDateTime(date: date, secondOfDay: second))\(suffix)" }
        return #"[{"venue":{"venue_id":1},"date":"\#(date)","service":"M","start_time":"\#(time(start))","end_time":"\#(time(end))"}]"#
    }

    @Test(arguments: [("America/New_York", "2026-03-07"), ("America/New_York", "2026-10-31"), ("Europe/London", "2026-03-28"),
                      ("Australia/Lord_Howe", "2026-04-04")])
    func aMealPastMidnightEndsAtTheNextDatesWallClockByTheEarlierOffsetRule(zoneName: String, night: String) throws {
        let zone = try ZoneDatabase.system.rules(zoneName)
        let reference = try #require(TimeZoneReference(zoneName))
        var random = SplitMix64(seed: UInt64(zoneName.utf8.count * 31 + night.utf8.count))
        for _ in 0..<300 {
            let day = date(night).adding(days: Int.random(in: -1...1, using: &random))
            let start = Int.random(in: 12...23, using: &random) * 3600 + Int.random(in: 0...3, using: &random) * 900
            let end = Int.random(in: 0...5, using: &random) * 3600 + Int.random(in: 0...3, using: &random) * 900
            let menus = try MenuDecoder.decode(Array(body(date: day, start: start, end: end, zone: zone).utf8), zone: zone).menus
            let menu = try #require(menus.first)
            let (y, m, d) = day.adding(days: 1).components
            #expect(menu.end == reference.instant(year: y, month: m, day: d, second: end), "\(day) \(start) \(end)")
            #expect(menu.start < menu.end && menu.date == day)
        }
    }

    @Test func theCurrentOrNextMealMeetsItsDefinitionAtEveryInstant() throws {
        let book = try MenuFixture.week()
        var random = SplitMix64(seed: 27)
        let first = at("2026-03-04T12:00").secondsSinceEpoch, last = at("2026-03-12T12:00").secondsSinceEpoch
        let boundaries = book.menus.flatMap { [$0.start, $0.end, $0.start - 1, $0.end - 1] }
        let instants = boundaries + (0..<3_000).map { _ in Instant(secondsSinceEpoch: Int.random(in: first...last, using: &random)) }
        for t in instants {
            for venue in [593, 636, 1442, 1] {
                let meals = book.menus.filter { $0.venueID == venue }
                let found = book.currentOrNext(of: venue, at: t)
                if let served = meals.filter({ $0.isServed(at: t) }).min(by: { $0.start < $1.start }) {
                    #expect(found == served, "\(t) \(venue)")
                } else if let next = meals.filter({ $0.start > t }).min(by: { $0.start < $1.start }) {
                    #expect(found?.start == next.start && found?.venueID == venue, "\(t) \(venue)")
                } else {
                    #expect(found == nil, "\(t) \(venue)")
                }
            }
        }
    }

    @Test func aFilterKeepsOnlyWhatItMayAndAccountsForEveryItem() throws {
        let book = try MenuFixture.week()
        let diets = book.labelNames([.diet]), allergens = book.labelNames([.allergen])
        var random = SplitMix64(seed: 4)
        for _ in 0..<200 {
            let diet = Bool.random(using: &random) ? [diets.randomElement(using: &random) ?? "vegan"] : []
            let without = (0..<Int.random(in: 0...3, using: &random)).compactMap { _ in allergens.randomElement(using: &random) }
            let filter = try MenuFilter(diets: diet, allergens: without, in: book)
            for menu in book.menus {
                let (kept, unknown) = filter.apply(to: menu)
                let keptItems = kept.stations.flatMap(\.items)
                for item in keptItems {
                    #expect(filter.meetsDiets(item))
                    if !filter.allergens.isEmpty {
                        #expect(item.allergensKnown && !item.labels.contains { filter.allergens.contains($0.name) })
                    }
                }
                #expect(unknown.allSatisfy { !$0.allergensKnown } && (filter.allergens.isEmpty ? unknown.isEmpty : true))
                let all = menu.stations.flatMap(\.items)
                let refused = all.filter { item in
                    !filter.meetsDiets(item) || (item.allergensKnown && item.labels.contains { filter.allergens.contains($0.name) })
                }
                #expect(keptItems.count + unknown.count + refused.count == all.count)
            }
        }
    }
}
