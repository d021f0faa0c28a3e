import DiningHours
import Foundation
import Testing

/// The menus fixtures: Penn's real body for 2022-10-04 and the made-up week of
/// Tests/Fixtures/menus (make-week.py says what it holds).
enum MenuFixture {
    static let weekDirectory = Fixture.packageRoot.appendingPathComponent("Tests/Fixtures/menus/week")

    static func real() throws -> MenuDocument {
        try MenuDecoder.decode(try Fixture.penn("penn-mobile_backend_menus-api_2022-10-04.json"), zone: Fixture.newYork)
    }

    static func weekDay(_ date: String) throws -> MenuDocument {
        let bytes = Array(try Data(contentsOf: weekDirectory.appendingPathComponent("\(date).json")))
        return try MenuDecoder.decode(bytes, zone: Fixture.newYork)
    }

    static let weekDates = (5...11).map { "2026-03-\($0 < 10 ? "0" : "")\($0)" }

    static func week() throws -> MenuBook {
        MenuBook(try weekDates.flatMap { try weekDay($0).menus })
    }

    static func decode(_ json: String, limits: MenuLimits = .standard) throws -> MenuDocument {
        try MenuDecoder.decode(Array(json.utf8), zone: Fixture.newYork, limits: limits)
    }
}

/// MENUS.md "The data": the real body and the week decode to meals ordered by time,
/// without empty stations, with clean ingredients and labels sorted into their kinds.
@Suite struct MenuDecodingTests {
    @Test func theRealBodyDecodesWithoutAWarningIntoThreeMealsByStartTime() throws {
        let document = try MenuFixture.real()
        #expect(document.warningCount == 0 && document.warnings.isEmpty)
        #expect(document.menus.map(\.service) == ["Breakfast", "Lunch", "Dinner"])
        #expect(document.menus.allSatisfy { $0.venueID == 593 && $0.venueName == "1920 Commons" && $0.date == date("2022-10-04") })
        let dinner = document.menus[2]
        #expect(dinner.start == at("2022-10-04T17:00") && dinner.end == at("2022-10-04T21:30"))
    }

    @Test func emptyStationsAreLeftOut() throws {
        let document = try MenuFixture.real()
        // 35 stations in the body, 25 of them empty.
        #expect(document.menus.map { $0.stations.count } == [5, 3, 2])
        #expect(document.menus[2].stations.map(\.name) == ["breads and bagels", "fruit and yogurt"])
    }

    @Test func ingredientsAreListedOnceInTheOrderOfFirstMention() throws {
        let eggs = try #require(try MenuFixture.real().menus[0].stations[0].items.first { $0.name == "cage-free scrambled eggs" })
        #expect(eggs.ingredients == ["cage-free egg", "canola oil", "salt", "allergen-free cooking spray", "black pepper"])
        #expect(eggs.id == 20171853)
    }

    @Test func labelsAreSortedIntoDietsAllergensAndOthers() throws {
        let hash = try #require(try MenuFixture.real().menus[0].stations[0].items.first { $0.name == "malibu breakfast hash" })
        #expect(hash.labels(.diet).map(\.name) == ["vegan"])
        #expect(hash.labels(.allergen).map(\.tag) == ["gluten", "soy"])
        #expect(hash.allergensKnown)
        let sulfites = MenuLabel(" Sulfites ")
        #expect(sulfites.kind == .other && sulfites.label == "Sulfites" && sulfites.name == "sulfites")
        #expect(MenuLabel("Tree Nut").name == "tree-nut" && MenuLabel("SEAFOOD WATCH").kind == .diet)
    }

    @Test func nutritionIsAnObjectOfStringsOrOneString() throws {
        let eggs = try #require(try MenuFixture.real().menus[0].stations[0].items.first)
        guard case .facts(let facts) = eggs.nutrition else { Issue.record("\(eggs.nutrition)"); return }
        #expect(facts.first?.name == "Calories" && facts.count == 11)
        let salad = try MenuFixture.weekDay("2026-03-05").menus.first { $0.service == "Lunch" }?.stations.last?.items.first
        #expect(salad?.nutrition == .text("See the nutrition board"))
        let numbers = try MenuFixture.decode(#"[{"venue":{"venue_id":1},"date":"2026-03-05","service":"Lunch","start_time":"2026-03-05T11:00:00-05:00","end_time":"2026-03-05T12:00:00-05:00","stations":[{"name":"s","items":[{"name":"x","nutrition_info":{"Calories":190,"Fat":1.5,"Bad":[1]}}]}]}]"#)
        #expect(numbers.menus[0].stations[0].items[0].nutrition == .facts([("Calories", "190"), ("Fat", "1.5")]))
        #expect(numbers.warningCount == 1)
    }

    @Test func theWeekDecodesWithoutAWarning() throws {
        for day in MenuFixture.weekDates {
            #expect(try MenuFixture.weekDay(day).warningCount == 0, "\(day)")
        }
        let book = try MenuFixture.week()
        #expect(book.venues.map(\.id) == [593, 636, 1442])
        #expect(book.dates == date("2026-03-05")...date("2026-03-11"))
    }

    @Test func aMealThatEndsBeforeItStartsEndsOnTheNextDate() throws {
        let late = try #require(try MenuFixture.weekDay("2026-03-05").menus.first { $0.service == "Late Night" })
        #expect(late.date == date("2026-03-05"))
        #expect(late.start == at("2026-03-05T22:00") && late.end == at("2026-03-06T02:00"))
    }

    @Test func onTheSpringForwardNightTheMealEndsAtTheWallClockByTheEarlierOffsetRule() throws {
        // 02:00 on 2026-03-08 does not exist in New York: read with the offset before the
        // gap, it is 03:00 EDT, 07:00Z — four hours after 22:00 EST, not five.
        let late = try #require(try MenuFixture.weekDay("2026-03-07").menus.first { $0.service == "Late Night" })
        #expect(late.end == at("2026-03-08T07:00:00Z") && late.end - late.start == 4 * 3600)
        let after = try #require(try MenuFixture.weekDay("2026-03-08").menus.first { $0.service == "Late Night" })
        #expect(after.start == at("2026-03-08T22:00") && after.end == at("2026-03-09T02:00") && after.end - after.start == 4 * 3600)
    }

    @Test func onTheFallBackNightTheMealEndsAtTheNextDatesWallClock() throws {
        let body = #"[{"venue":{"venue_id":636},"date":"2026-10-31","service":"Late Night","start_time":"2026-10-31T22:00:00-04:00","end_time":"2026-10-31T02:00:00-04:00","stations":[]}]"#
        let late = try MenuFixture.decode(body).menus[0]
        // 02:00 EST on 2026-11-01, five hours after 22:00 EDT.
        #expect(late.end == at("2026-11-01T07:00:00Z") && late.end - late.start == 5 * 3600)
    }

    @Test func aDataOffsetOfAnotherZoneMovesTheEndByOneDayOfSeconds() throws {
        let body = #"[{"venue":{"venue_id":1},"date":"2026-03-07","service":"Late","start_time":"2026-03-07T22:00:00+01:00","end_time":"2026-03-07T02:00:00+01:00"}]"#
        let late = try MenuFixture.decode(body).menus[0]
        #expect(late.end - late.start == 4 * 3600)
    }

    @Test func timesWithoutAnOffsetAreReadInTheVenueZone() throws {
        let body = #"[{"venue":{"venue_id":1},"date":"2026-03-05","service":"Lunch","start_time":"2026-03-05T11:00:00","end_time":"14:30"}]"#
        let lunch = try MenuFixture.decode(body).menus[0]
        #expect(lunch.start == at("2026-03-05T11:00") && lunch.end == at("2026-03-05T14:30"))
    }
}
