import Foundation
import Testing

/// `status --details` (docs/MENUS.md, "In status"): the real venuectl binary on Penn's
/// real menus of 2022-10-04 and a venues file with 1920 Commons' three meals that day
/// and Hill House, open all day without menus.
@Suite struct StatusDetailsTests {
    let home = TestHome()

    func venues() throws -> String {
        let path = home.root + "/venues-2022-10-04.json"
        let meals = [("Breakfast", "07:30", "10:30"), ("Lunch", "11:00", "16:30"), ("Dinner", "17:00", "21:30")].map { label, start, end in
            #"{"starttime":"2022-10-04T\#(start):00","endtime":"2022-10-04T\#(end):00","label":"\#(label)"}"#
        }
        let hill = #"{"id":636,"name":"Hill House","days":[{"date":"2022-10-04","dayparts":[{"starttime":"2022-10-04T07:00:00","endtime":"2022-10-04T22:00:00","label":"Open"}]}]}"#
        try #"[{"id":593,"name":"1920 Commons","days":[{"date":"2022-10-04","dayparts":[\#(meals.joined(separator: ","))]}]},\#(hill)]"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func status(_ extra: [String], menus: String? = MenuCommandTests.real) throws -> VenuectlRunner.Run {
        try VenuectlRunner.run(["status", "--details", "--data", try venues()] + (menus.map { ["--menus", $0] } ?? []) + extra,
                               home: home, environment: ["NO_COLOR": "1"])
    }

    @Test func theStationsOfTheMealBeingServedAreNamedUnderTheVenue() throws {
        let run = try status(["1920", "--at", "2022-10-04T08:00"])
        #expect(run.code == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("""
            Dining Halls
              ● 1920 Commons  open      Breakfast · closes at 10:30 AM
                stations: breakfast grill, kettles, breads and bagels, flavors, fruit and yogurt

            """), "\(run.stdout)")
    }

    @Test func betweenMealsAndAtAVenueWithoutMenusNoStationsAreNamed() throws {
        let between = try status(["1920", "--at", "2022-10-04T10:45"])
        #expect(between.code == 0 && between.stderr.isEmpty && !between.stdout.contains("stations"), "\(between.stdout)")
        let lunch = try status(["--at", "2022-10-04T12:00"])
        #expect(lunch.stdout.contains("""
              ● 1920 Commons  open      Lunch · closes at 4:30 PM
                stations: breads and bagels, flavors, fruit and yogurt
              ● Hill House    open      Open · closes at 10:00 PM

            """), "\(lunch.stdout)")
    }

    @Test func jsonHasStationsForAVenueServingAMealOnly() throws {
        let run = try status(["--json", "--at", "2022-10-04T18:00"])
        let venues = try #require(run.json["venues"] as? [[String: Any]])
        #expect(venues.first { $0["id"] as? Int == 593 }?["stations"] as? [String] == ["breads and bagels", "fruit and yogurt"])
        #expect(venues.first { $0["id"] as? Int == 636 }?.keys.contains("stations") == false, "\(venues)")
        let closed = try status(["--json", "--at", "2022-10-04T22:00"])
        #expect((closed.json["venues"] as? [[String: Any]])?.allSatisfy { $0["stations"] == nil } == true)
    }

    @Test func hostileStationNamesReachTheTerminalWithoutControls() throws {
        let path = home.root + "/hostile.json"
        let name = "\u{1B}]0;pwned\u{07}grill \u{202E}evil\u{202C}\u{1B}[2J"
        let station = #"{"name":\#(try jsonString(name)),"items":[{"name":"burger","allergens":"Wheat/Gluten"}]}"#
        try (#"[{"venue":{"venue_id":593,"name":"1920 Commons"},"date":"2022-10-04","service":"Lunch","#
            + #""start_time":"2022-10-04T11:00:00-04:00","end_time":"2022-10-04T16:30:00-04:00","stations":[\#(station)]}]"#)
            .write(toFile: path, atomically: true, encoding: .utf8)
        let run = try status(["1920", "--at", "2022-10-04T12:00"], menus: path)
        #expect(run.code == 0 && run.stdout.contains("    stations: ]0;pwnedgrill evil[2J\n"), "\(run.stdout)")
        #expect(!run.stdoutBytes.contains(0x1B) && !run.stdoutBytes.contains(0x07))
        #expect(!run.stdout.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
        let json = try status(["1920", "--at", "2022-10-04T12:00", "--json"], menus: path)
        let stations = (json.json["venues"] as? [[String: Any]])?.first?["stations"] as? [String]
        #expect(stations == ["]0;pwnedgrill evil[2J"], "\(json.stdout)")
    }

    /// No venued in this home and no --menus: the status as ever, and one line that says
    /// why the stations are missing and where else menus come from.
    @Test func withoutMenusTheStatusIsPrintedAndOneLineSaysWhy() throws {
        let run = try status(["1920", "--at", "2022-10-04T08:00"], menus: nil)
        #expect(run.code == 0 && run.stdout.contains("● 1920 Commons  open") && !run.stdout.contains("stations"), "\(run.stdout)")
        #expect(run.stderr.hasPrefix("venuectl: stations unknown: venued is not running")
            && run.stderr.contains("menus come from venued, or from --menus FILE|DIR") && run.stderr.filter { $0 == "\n" }.count == 1,
            "\(run.stderr)")
    }

    @Test func menusOfAnotherDateNameNoStationsAndSaySo() throws {
        let run = try status(["1920", "--at", "2022-10-04T08:00"], menus: MenuCommandTests.week)
        #expect(run.code == 0 && !run.stdout.contains("stations"))
        #expect(run.stderr == "venuectl: no stations: no menus for Tue Oct 4 in \(MenuCommandTests.week)\n", "\(run.stderr)")
    }

    /// venued answers `--dishes` from its menus; with `--details` venuectl holds the
    /// menus itself, and says the followed dishes from them.
    @Test func withDishesTheFollowedDishesAreSaidFromTheSameMenus() throws {
        let config = try #require(home.environment["XDG_CONFIG_HOME"]) + "/venued"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "dish: turkey bacon\n".write(toFile: config + "/favorites", atomically: true, encoding: .utf8)
        let run = try status(["--dishes", "--at", "2022-10-04T07:15"])
        #expect(run.code == 0 && run.stdout.contains("\nSoon: turkey bacon at 1920 Commons, Breakfast 7:30–10:30 AM\n"), "\(run.stdout)")
    }

    @Test func detailsAreForPlainTextAndJSONAndMenusForDetails() throws {
        let template = try status(["--template", "{name}"])
        #expect(template.code == 2 && template.stderr.contains("--details goes with plain text or --json, not --format template"),
                "\(template.stderr)")
        let menus = try VenuectlRunner.run(["status", "--menus", MenuCommandTests.real, "--data", try venues()], home: home)
        #expect(menus.code == 2 && menus.stdout.isEmpty && menus.stderr.contains("--menus goes with --details"), "\(menus.stderr)")
        let help = try VenuectlRunner.run(["status", "--help"], home: home)
        #expect(help.stdout.contains("  --details ") && help.stdout.contains("  --menus FILE|DIR "), "\(help.stdout)")
    }

    private func jsonString(_ text: String) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast().description
    }
}
