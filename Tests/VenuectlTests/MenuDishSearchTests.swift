import Foundation
import Testing

/// `venuectl search --dish`: where and when a dish is served, soonest first, fuzzy like
/// venue search, on the real body and the made-up week.
@Suite struct MenuDishSearchTests {
    let home = TestHome()

    func venuectl(_ arguments: [String]) throws -> VenuectlRunner.Run {
        try VenuectlRunner.run(arguments, home: home)
    }

    @Test func aDishIsFoundSoonestFirstFromNowOn() throws {
        let run = try venuectl(["search", "--dish", "tikka masala", "--menus", MenuCommandTests.week, "--at", "2026-03-05T12:00"])
        #expect(run.code == 0 && run.stdout == """
            Fri Mar 6  Dinner 5:00–8:00 PM  Hill House  chicken tikka masala
            Mon Mar 9  Dinner 5:00–8:00 PM  Hill House  chicken tikka masala

            """, "\(run.stdout)")
        let later = try venuectl(["search", "--dish", "tikka masala", "--menus", MenuCommandTests.week, "--at", "2026-03-06T20:00"])
        #expect(later.stdout.hasPrefix("Mon Mar 9"), "\(later.stdout)")
    }

    @Test func typosAreForgivenAndADateNarrowsIt() throws {
        let run = try venuectl(["search", "--dish", "piza", "--menus", MenuCommandTests.week, "--date", "2026-03-07", "--json"])
        let results = try #require(run.json["results"] as? [[String: Any]])
        #expect(results.map { $0["service"] as? String } == ["Lunch", "Late Night"])
        #expect(results.map { $0["match"] as? String } == ["similar", "similar"])
        #expect(results.last?["end"] as? String == "2026-03-08T03:00:00-04:00")
        #expect((results.first?["item"] as? [String: Any])?["name"] as? String == "Margherita pizza")
    }

    @Test func theRealBody() throws {
        let run = try venuectl(["search", "--dish", "greek yogurt", "--menus", MenuCommandTests.real, "--at", "2022-10-04T12:00"])
        #expect(run.code == 0 && run.stdout.hasPrefix("Tue Oct 4  Lunch 11:00 AM–4:30 PM  1920 Commons  "), "\(run.stdout)")
        #expect(run.stdout.split(separator: "\n").allSatisfy { $0.contains("Greek yogurt") })
    }

    @Test func nothingFoundIsExitOneAndMixedUseIsAUsageError() throws {
        let none = try venuectl(["search", "--dish", "zzzzzz", "--menus", MenuCommandTests.week, "--at", "2026-03-05T12:00"])
        #expect(none.code == 1 && none.stdout.isEmpty && none.stderr == "venuectl: no dish matches 'zzzzzz' from now on in \(MenuCommandTests.week)\n")
        let both = try venuectl(["search", "cafe", "--dish", "pizza", "--menus", MenuCommandTests.week])
        #expect(both.code == 2 && both.stderr.hasPrefix("venuectl: search takes a QUERY for venues or --dish TEXT for dishes, not both"))
        let stray = try venuectl(["search", "cafe", "--menus", MenuCommandTests.week])
        #expect(stray.code == 2 && stray.stderr.hasPrefix("venuectl: --menus and --date go with --dish"))
    }
}
