import DiningHours
import Testing

/// MENUS.md "A hostile body": decoding is tolerant per element, bounded, and every text
/// comes out clean; a document that is not a menus list is an error, never "no menus".
@Suite struct MenuHostileTests {
    static let good = #"{"venue":{"venue_id":593,"name":"1920 Commons"},"date":"2026-03-05","service":"Lunch","start_time":"2026-03-05T11:00:00-05:00","end_time":"2026-03-05T14:00:00-05:00","stations":[{"name":"grill","items":[{"item_id":1,"name":"burger","allergens":"Wheat/Gluten"}]}]}"#

    @Test func anEmptyArrayIsNoMenusNotAnError() throws {
        let document = try MenuFixture.decode("[]")
        #expect(document.menus.isEmpty && document.warningCount == 0)
    }

    @Test(arguments: [
        ("<!DOCTYPE html><html><body>500</body></html>", MenuError.notAMenuList("an HTML page, not JSON (an error page from the server or a proxy?)")),
        ("  \n<html>", MenuError.notAMenuList("an HTML page, not JSON (an error page from the server or a proxy?)")),
        (#"{"detail":"Not found."}"#, MenuError.notAMenuList("an object with keys detail")),
        ("42", MenuError.notAMenuList("a number")),
        ("null", MenuError.notAMenuList("null")),
    ])
    func aDocumentThatIsNotAListIsAnError(body: String, error: MenuError) {
        #expect(throws: error) { try MenuFixture.decode(body) }
    }

    @Test func brokenJSONIsASyntaxErrorWithItsPlace() {
        #expect {
            try MenuFixture.decode("[{\"venue\": ")
        } throws: { error in
            guard case MenuError.syntax(let syntax) = error else { return false }
            return syntax.line == 1
        }
    }

    @Test func deepNestingIsRefusedWithoutExhaustingTheStack() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: MenuError.self) { try MenuFixture.decode(deep) }
        let deepItem = "[" + Self.good.replacingOccurrences(of: #""allergens":"Wheat/Gluten""#, with: #""allergens":"# + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)) + "]"
        #expect(throws: MenuError.self) { try MenuFixture.decode(deepItem) }
    }

    @Test func wrongTypesSkipTheElementWithAWarningAndKeepTheRest() throws {
        let body = "[" + [
            Self.good, "17", #""a string""#, "null",
            #"{"venue":{"venue_id":"x"},"date":"2026-03-05","start_time":"2026-03-05T11:00:00-05:00","end_time":"2026-03-05T12:00:00-05:00"}"#,
            #"{"venue":{"venue_id":1},"date":20260305,"start_time":"2026-03-05T11:00:00-05:00","end_time":"2026-03-05T12:00:00-05:00"}"#,
            #"{"venue":{"venue_id":1},"date":"2026-03-05","service":"Lunch","start_time":"noon","end_time":"2026-03-05T12:00:00-05:00"}"#,
            #"{"venue":{"venue_id":1},"date":"2026-03-05","service":"Lunch","start_time":"2026-03-05T11:00:00-05:00","end_time":"2026-03-05T11:00:00-05:00"}"#,
            #"{"venue":{"venue_id":2},"date":"2026-03-05","service":["Lunch"],"start_time":"2026-03-05T11:00:00-05:00","end_time":"2026-03-05T12:00:00-05:00","stations":{"a":1}}"#,
            #"{"venue":{"venue_id":3},"date":"2026-03-05","service":"Dinner","start_time":"2026-03-05T17:00:00-05:00","end_time":"2026-03-05T18:00:00-05:00","stations":[7,{"name":"s","items":[null,{"name":""},{"name":"ok","allergens":5,"ingredients":["a"],"description":{"x":1}}]}]}"#,
        ].joined(separator: ",") + "]"
        let document = try MenuFixture.decode(body)
        // By start, then venue id: 2 and 593 both start at 11:00.
        #expect(document.menus.map(\.venueID) == [2, 593, 3])
        #expect(document.menus[0].service == "Meal" && document.menus[0].stations.isEmpty)
        let ok = try #require(document.menus[2].stations.first?.items.first)
        #expect(ok.name == "ok" && ok.labels.isEmpty && !ok.allergensKnown && ok.ingredients.isEmpty && ok.description.isEmpty)
        #expect(document.warnings.map(\.description).contains("menu at position 2: is a number, not an object; skipped"))
        #expect(document.warnings.map(\.description).contains(
            "menu at position 8 (Venue 1, Lunch): ends at 2026-03-05T11:00:00, not after its start 2026-03-05T11:00:00; skipped"))
        #expect(document.warningCount == 17, "\(document.warnings.map(\.description).joined(separator: "\n"))")
    }

    @Test func controlsAndBidiOverridesNeverSurviveDecoding() throws {
        let book = try MenuFixture.week()
        var texts: [String] = []
        for menu in book.menus {
            texts += [menu.venueName, menu.service]
            for station in menu.stations {
                texts.append(station.name)
                for item in station.items {
                    texts += [item.name, item.description] + item.ingredients + item.labels.map(\.label)
                }
            }
        }
        let ranges: [ClosedRange<UInt32>] = [0...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069]
        let forbidden = { (scalar: Unicode.Scalar) in ranges.contains { $0.contains(scalar.value) } }
        #expect(!texts.contains { $0.unicodeScalars.contains(where: forbidden) })
        let bowl = try #require(book.menus.first { $0.venueID == 1442 }?.stations.first?.items.first)
        #expect(bowl.name == "]0;pwnedspicy tofu bowl" && bowl.description == "with [31mred[0m chili and lime")
    }

    @Test func sizesAtTheLimitsAreKeptAndOverThemCutWithOneWarningEach() throws {
        var limits = MenuLimits()
        limits.menus = 2
        limits.stationsPerMenu = 1
        limits.itemsPerStation = 1
        limits.labelsPerItem = 2
        limits.textBytes = 6
        let item = #"{"name":"Caféés","allergens":"Vegan, Soy, Milk"},{"name":"second"}"#
        let menu = #"{"venue":{"venue_id":1},"date":"2026-03-05","service":"Lunch","start_time":"2026-03-05T11:00:00-05:00","end_time":"2026-03-05T12:00:00-05:00","stations":[{"name":"s","items":[\#(item)]},{"name":"t","items":[{"name":"x"}]}]}"#
        let document = try MenuFixture.decode("[" + Array(repeating: menu, count: 3).joined(separator: ",") + "]", limits: limits)
        #expect(document.menus.count == 2)
        let kept = try #require(document.menus.first?.stations.first?.items)
        #expect(kept.count == 1 && kept[0].name == "Café" && kept[0].labels.map(\.name) == ["vegan", "soy"])
        // Per menu: a long name, too many labels, items, stations; then one for the menus.
        #expect(document.warningCount == 2 * 4 + 1, "\(document.warnings)")
        let exactly = try MenuFixture.decode("[" + Array(repeating: Self.good, count: 2).joined(separator: ",") + "]", limits: limits)
        #expect(exactly.menus.count == 2)
    }

    @Test func aBodyOverTheValueBudgetIsRefusedAsTooLarge() {
        var limits = MenuLimits()
        limits.values = 1_000
        let body = "[" + Array(repeating: "[]", count: 1_000).joined(separator: ",") + "]"
        #expect(throws: MenuError.tooLarge("more than 1000 JSON values (the real body for a day of 1920 Commons has 913)")) {
            try MenuFixture.decode(body, limits: limits)
        }
    }

    @Test func aMillionBadElementsCostACounterNotAMessageEach() throws {
        let junk = MenuLimits.standard.values - 10
        let document = try MenuFixture.decode("[" + Array(repeating: "0", count: junk).joined(separator: ",") + "]")
        #expect(document.menus.isEmpty && document.warnings.count == MenuLimits.standard.warnings)
        #expect(document.warningCount == junk)
    }
}
