import Foundation
import Testing

/// `venuectl menu` and `search --dish`: the real venuectl binary on Penn's real body for
/// 2022-10-04 and on the made-up week of Tests/Fixtures/menus (docs/MENUS.md).
@Suite struct MenuCommandTests {
    let home = TestHome()
    static let real = PackagePaths.pennFixtures.appendingPathComponent("penn-mobile_backend_menus-api_2022-10-04.json").path
    static let week = PackagePaths.root.appendingPathComponent("Tests/Fixtures/menus/week").path

    func venuectl(_ arguments: [String]) throws -> VenuectlRunner.Run {
        try VenuectlRunner.run(arguments, home: home)
    }

    @Test func theCurrentMealOfTheRealBodyWithStationsAndTags() throws {
        let run = try venuectl(["menu", "commons", "--menus", Self.real, "--at", "2022-10-04T08:00"])
        #expect(run.code == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("""
            1920 Commons · Tue Oct 4
            Breakfast 7:30–10:30 AM · now
              breakfast grill
                cage-free scrambled eggs — vegetarian, farm to fork · contains egg

            """), "\(run.stdout)")
        #expect(run.stdout.contains("    malibu breakfast hash — vegan · contains gluten, soy\n      with vegan crumble, root vegetables, peppers, and onions\n"))
    }

    @Test func afterTheLastMealOfTheDataTheAnswerSaysSoAndExitsZero() throws {
        let run = try venuectl(["menu", "593", "--menus", Self.real, "--at", "2022-10-04T22:00"])
        #expect(run.code == 0 && run.stdout == """
            1920 Commons · Tue Oct 4
              no meal from Tue Oct 4 10:00 PM on in the data, which has menus from Tue Oct 4 to Tue Oct 4

            """, "\(run.stdout)")
    }

    @Test func aVenueWithoutMenusIsAnAnswer() throws {
        let run = try venuectl(["menu", "hill house", "--menus", Self.real, "--at", "2022-10-04T12:00", "--json"])
        #expect(run.code == 0 && (run.json["meals"] as? [Any])?.isEmpty == true)
        #expect(run.json["nothing"] as? String == "no menus for this venue in the data")
        #expect((run.json["venue"] as? [String: Any])?["id"] as? Int == 636)
    }

    @Test func theNextMealAfterTheLastOfTheDayIsTomorrowsFirst() throws {
        let run = try venuectl(["menu", "commons", "--menus", Self.week, "--at", "2026-03-05T21:00"])
        #expect(run.code == 0 && run.stdout.hasPrefix("1920 Commons · Fri Mar 6\nBreakfast 7:30–10:30 AM\n"), "\(run.stdout)")
    }

    @Test func theSpringForwardNightsLateMealEndsAtThreeAndIsServedAfterMidnight() throws {
        let run = try venuectl(["menu", "hill", "--menus", Self.week, "--at", "2026-03-08T01:30"])
        #expect(run.stdout == """
            Hill House · Sat Mar 7
            Late Night 10:00 PM–3:00 AM · now
              pizza
                Pepperoni Pizza — contains gluten, milk

            """, "\(run.stdout)")
    }

    @Test func aDateAllMealsAndOneMealByName() throws {
        let all = try venuectl(["menu", "commons", "--menus", Self.week, "--at", "2026-03-05T12:00", "--date", "tomorrow", "--all", "--json"])
        let meals = try #require(all.json["meals"] as? [[String: Any]])
        #expect(all.json["date"] as? String == "2026-03-06" && meals.map { $0["service"] as? String } == ["Breakfast", "Lunch", "Dinner"])
        #expect(meals.first?["start"] as? String == "2026-03-06T07:30:00-05:00")
        let dinner = try venuectl(["menu", "commons", "--menus", Self.week, "--at", "2026-03-05T12:00", "--date", "+4", "--meal", "din"])
        #expect(dinner.stdout.hasPrefix("1920 Commons · Mon Mar 9\nDinner 5:00–8:00 PM\n  grill\n    cheeseburger — contains gluten, milk, sesame\n"),
                "\(dinner.stdout)")
        let over = try venuectl(["menu", "commons", "--menus", Self.week, "--at", "2026-03-05T21:00", "--date", "today"])
        #expect(over.code == 0 && over.stdout.contains("the meals of Thu Mar 5 are over (the last, Dinner, ended 8:00 PM); --all lists them"))
    }

    @Test func theVenueZoneIsNamedWhenItIsNotTheReaders() throws {
        let run = try VenuectlRunner.run(["menu", "commons", "--menus", Self.real, "--at", "2022-10-04T17:00:00Z"], home: home,
                                         environment: ["TZ": "Europe/London"])
        #expect(run.stdout.hasPrefix("1920 Commons · Tue Oct 4 · times in America/New_York\nLunch 11:00 AM–4:30 PM · now\n"), "\(run.stdout)")
    }

    @Test func aDayWithoutDataIsAnAnswer() throws {
        let run = try venuectl(["menu", "commons", "--menus", Self.week, "--date", "2026-03-20"])
        #expect(run.code == 0 && run.stdout == "1920 Commons · Fri Mar 20\n  no menu for Fri Mar 20 in the data\n", "\(run.stdout)")
    }

    @Test func withoutLeavesOutUnknownItemsAndSaysHowMany() throws {
        let run = try venuectl(["menu", "commons", "--menus", Self.week, "--at", "2026-03-05T08:00", "--without", "milk"])
        #expect(run.stdout == """
            1920 Commons · Thu Mar 5
            Breakfast 7:30–10:30 AM · now
              breakfast grill
                scrambled eggs — vegetarian, farm to fork · contains egg
              1 item without allergen data left out, as unknown is not safe: turkey bacon

            """, "\(run.stdout)")
        let json = try venuectl(["menu", "hill", "--menus", Self.week, "--at", "2026-03-06T18:00", "--without", "peanut", "--json"])
        let meal = try #require((json.json["meals"] as? [[String: Any]])?.first)
        #expect((meal["unknown_allergens_left_out"] as? [[String: Any]])?.map { $0["name"] as? String } == ["miso soup"])
        #expect((json.json["filter"] as? [String: Any])?["without"] as? [String] == ["peanut"])
    }

    @Test func aDietKeepsWhatCarriesItOrImpliesIt() throws {
        let run = try venuectl(["menu", "commons", "--menus", Self.week, "--at", "2026-03-05T12:00", "--diet", "vegetarian"])
        #expect(run.stdout.contains("Margherita pizza — vegetarian · contains gluten, milk") && run.stdout.contains("garden salad — vegan"))
        let none = try venuectl(["menu", "commons", "--menus", Self.week, "--at", "2026-03-05T12:00", "--diet", "halal"])
        #expect(none.code == 0 && none.stdout.hasSuffix("Lunch 11:00 AM–2:30 PM · now\n  nothing matches --diet halal\n"), "\(none.stdout)")
    }

    @Test(arguments: [
        (["--without", "shellfish"], Int32(2),
         "venuectl: --without 'shellfish' is not a label of these menus: the menus use egg, fish, gluten, milk, peanut, sesame, soy, sulfites, tree-nut (see 'venuectl menu --help')\n"),
        (["--diet", "keto"], 2,
         "venuectl: --diet 'keto' is not a label of these menus: the menus use farm-to-fork, halal, seafood-watch, sulfites, vegan, vegetarian (see 'venuectl menu --help')\n"),
        (["--meal", "brunch"], 2,
         "venuectl: no meal 'brunch' at 1920 Commons on Thu Mar 5: its meals are Breakfast, Lunch, Dinner (see 'venuectl menu --help')\n"),
        (["--date", "+7"], 2,
         "venuectl: cannot read --date '+7': use YYYY-MM-DD, today, tomorrow or +N with N from 0 to 6 (see 'venuectl menu --help')\n"),
    ])
    func aWrongNameIsOneLineThatListsTheRightOnes(extra: [String], code: Int32, stderr: String) throws {
        let run = try venuectl(["menu", "commons", "--menus", Self.week, "--at", "2026-03-05T12:00"] + extra)
        #expect(run.code == code && run.stdout.isEmpty && run.stderr == stderr, "\(run.stderr)")
    }

    /// `--meal l` of Lunch and Late Night names neither: a usage error that names both,
    /// where a prefix of one meal, or a whole name, still chooses it.
    @Test func aMealPrefixOfSeveralMealsIsAUsageErrorNamingThem() throws {
        let path = home.root + "/lunch-and-late-night.json"
        let meals = [("Lunch", "11:00", "14:00"), ("Late Night", "22:00", "02:00")].map { service, start, end in
            #"{"venue":{"venue_id":593,"name":"1920 Commons"},"date":"2026-03-05","service":"\#(service)","#
                + #""start_time":"2026-03-05T\#(start):00-05:00","end_time":"2026-03-05T\#(end):00-05:00","#
                + #""stations":[{"name":"grill","items":[{"name":"burger","allergens":"Wheat/Gluten"}]}]}"#
        }
        try ("[" + meals.joined(separator: ",") + "]").write(toFile: path, atomically: true, encoding: .utf8)
        let ambiguous = try venuectl(["menu", "commons", "--menus", path, "--at", "2026-03-05T09:00", "--meal", "l"])
        #expect(ambiguous.code == 2 && ambiguous.stdout.isEmpty
            && ambiguous.stderr == "venuectl: --meal 'l' matches Lunch and Late Night on Thu Mar 5: say which (see 'venuectl menu --help')\n",
            "\(ambiguous.stderr)")
        let late = try venuectl(["menu", "commons", "--menus", path, "--at", "2026-03-05T09:00", "--meal", "LA"])
        #expect(late.code == 0 && late.stdout.hasPrefix("1920 Commons · Thu Mar 5\nLate Night "), "\(late.stdout)")
        let lunch = try venuectl(["menu", "commons", "--menus", path, "--at", "2026-03-05T09:00", "--meal", "lunch"])
        #expect(lunch.code == 0 && lunch.stdout.hasPrefix("1920 Commons · Thu Mar 5\nLunch 11:00 AM–2:00 PM\n"), "\(lunch.stdout)")
    }

    @Test func badInputIsOneLineAndItsOwnExitCode() throws {
        let html = home.root + "/error.html"
        try "<!DOCTYPE html><html><body>Server Error (500)</body></html>".write(toFile: html, atomically: true, encoding: .utf8)
        let invalid = try venuectl(["menu", "commons", "--menus", html])
        #expect(invalid.code == 5 && invalid.stderr
            == "venuectl: \(html) is not usable menus data: not a menus list: expected a JSON array of menus, found an HTML page, not JSON (an error page from the server or a proxy?)\n")
        let missing = try venuectl(["menu", "commons", "--menus", home.root + "/nope.json"])
        #expect(missing.code == 4 && missing.stderr == "venuectl: cannot read \(home.root)/nope.json: No such file or directory\n")
        let noMenus = try venuectl(["menu", "commons"])
        // No venued in this home: one line that says so, and where else menus come from.
        #expect(noMenus.code == 6 && noMenus.stderr.hasPrefix("venuectl: venued is not running")
            && noMenus.stderr.contains("; menus come from venued, or from --menus FILE|DIR") && noMenus.stderr.filter { $0 == "\n" }.count == 1,
            "\(noMenus.stderr)")
        let unknown = try venuectl(["menu", "zzzz", "--menus", Self.real])
        #expect(unknown.code == 3)
    }

    @Test func skippedPartsOfAFileAreSaidOnceOnStderr() throws {
        let path = home.root + "/partly.json"
        try #"[7,{"venue":{"venue_id":593},"date":"2026-03-05","service":"Lunch","start_time":"2026-03-05T11:00:00-05:00","end_time":"2026-03-05T14:00:00-05:00","stations":[{"name":"grill","items":[{"name":"burger","allergens":"Wheat/Gluten"}]}]}]"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let run = try venuectl(["menu", "commons", "--menus", path, "--at", "2026-03-05T12:00"])
        #expect(run.code == 0 && run.stdout.contains("    burger — contains gluten\n"))
        #expect(run.stderr == "venuectl: skipped part of \(path): menu at position 1: is a number, not an object; skipped\n")
    }

    @Test func hostileTextReachesTheTerminalWithoutControls() throws {
        let run = try venuectl(["menu", "lauder", "--menus", Self.week, "--at", "2026-03-05T18:00"])
        #expect(run.stdout.contains("    ]0;pwnedspicy tofu bowl — vegan · contains soy, peanut\n      with [31mred[0m chili and lime\n"), "\(run.stdout)")
        #expect(!run.stdoutBytes.contains(0x1B) && !run.stdout.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
    }
}
