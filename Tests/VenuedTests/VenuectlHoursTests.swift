import Foundation
import Testing

/// `venuectl hours` and `venuectl next`, the real binary on the bundled 2023 week
/// (2023-09-16..22), with and without `--data`, and against venued's own answers.
@Suite struct VenuectlHours {
    let home = DaemonProcess.Home()

    func venuectl(_ arguments: [String], environment: [String: String] = [:]) throws -> VenuectlRunner.Run {
        try VenuectlRunner.run(arguments, home: home, environment: environment)
    }

    @Test func hoursShowsTheVenueItsDaysMealsAndWhatIsProjected() throws {
        let run = try venuectl(["hours", "commons", "--data", try home.bundledDataFile(), "--at", "2023-09-21T09:00"])
        #expect(run.code == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(6)) == [
            "1920 Commons · dining hall · id 593",
            "3800 Locust Walk Philadelphia PA, 19104",
            "page:  https://university-of-pennsylvania.cafebonappetit.com/cafe/1920-commons",
            "image: https://s3.us-east-2.amazonaws.com/labs.api/dining/1920-commons.jpg",
            "file data, 2023-09-16 to 2023-09-22",
            "",
        ])
        #expect(lines.contains("  Thu Sep 21 (today)  7:30 AM–10:30 AM, 11:00 AM–4:30 PM, 5:00 PM–9:30 PM"))
        #expect(lines.contains("                      Breakfast 7:30 AM–10:30 AM · Lunch 11:00 AM–4:30 PM · Dinner 5:00 PM–9:30 PM"))
        #expect(lines.contains("~ Sat Sep 23          9:00 AM–4:30 PM, 5:00 PM–8:00 PM"))
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        #expect(lines.filter { weekdays.contains(String($0.dropFirst(2).prefix(3))) }.count == 7, "seven days by default")
        #expect(run.stdout.hasSuffix("~ estimated: the data does not cover these dates, so hours are projected from the same weekday of the data's week.\n"))
    }

    @Test func hoursShowsTheFeedsMessagesOnceAndClosingAtMidnight() throws {
        let run = try venuectl(["hours", "grocer", "--at", "2023-09-18T12:00", "--days", "2"])
        #expect(run.stdout.contains("bundled data, 2023-09-16 to 2023-09-22"))
        #expect(run.stdout.components(separatedBy: "Meal Exchange available open-close").count == 2)
        #expect(run.stdout.contains("  Mon Sep 18 (today)  9:00 AM–midnight"))
    }

    @Test func hoursWithoutProjectionSaysWhatIsNotKnown() throws {
        let run = try venuectl(["hours", "593", "--at", "2023-09-22T12:00", "--days", "2", "--no-estimate"])
        #expect(run.stdout.contains("? Sat Sep 23          not in the data (--no-estimate)"))
        let json = try venuectl(["hours", "593", "--at", "2023-09-22T12:00", "--days", "2", "--no-estimate", "--json"])
        #expect((json.json["days"] as? [[String: Any]])?.map { $0["unknown_reason"] as? String } == [nil, "not_estimated"])
        let far = try venuectl(["hours", "593", "--at", "2023-10-13T12:00", "--days", "2"])
        #expect(far.stdout.contains("? Sat Oct 14          no hours: the data ends 2023-09-22"))
        #expect(!run.stdout.contains("~ estimated"))
        let sunday = try venuectl(["hours", "lauder", "--at", "2023-09-17T12:00", "--days", "1", "--json"])
        let day = try #require((sunday.json["days"] as? [[String: Any]])?.first)
        #expect(day["known"] as? Bool == true && (day["open"] as? [Any])?.isEmpty == false)
    }

    @Test func hoursJSONIsVenuedsAnswerButForItsSource() throws {
        let data = try home.bundledDataFile()
        let local = try venuectl(["hours", "falk", "--json", "--data", data, "--at", "2023-09-18T08:00", "--days", "3"])
        #expect(local.code == 0 && local.json["source"] as? String == "file" && local.json["today"] as? String == "2023-09-18")
        #expect(local.stdout.hasPrefix(#"{"ok":true,"venue":"#), "the protocol's answer object, ok first: \(local.stdout)")
        let venue = try #require(local.json["venue"] as? [String: Any])
        #expect(venue["id"] as? Int == 638 && venue["kind"] as? String == "dining_hall" && venue["address"] as? String != nil)
        #expect((venue["page"] as? String)?.hasSuffix("/cafe/falk-dining-commons") == true)
        let days = try #require(local.json["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == ["2023-09-18", "2023-09-19", "2023-09-20"])
        #expect(days.map { $0["today"] as? Bool } == [true, false, false])
        #expect((local.json["messages"] as? [String])?.contains { $0.hasPrefix("Shabbat dinner") } == false, "Friday is not among the days shown")

        let daemon = try home.bundledDaemon()
        defer { daemon.stop() }
        var answer = try daemon.request(#"{"v":1,"cmd":"hours","venue":"falk","from":"2023-09-18","days":3}"#)
        #expect(answer["ok"] as? Bool == true && answer["source"] as? String == "bundled")
        var mine = local.json
        for key in ["source", "today"] { (answer[key], mine[key]) = (nil, nil) }
        for index in days.indices { #expect((answer["days"] as? [[String: Any]])?[index]["date"] as? String == days[index]["date"] as? String) }
        answer["days"] = nil
        mine["days"] = nil
        // Compared as sorted JSON text: NSDictionary's isEqual finds two top-level booleans unequal.
        let sorted = { (object: [String: Any]) in try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) }
        #expect(sorted(answer) != nil && sorted(answer) == sorted(mine), "\(answer) vs \(mine)")
    }

    /// Without venued, hours reads its cache, then the bundled data, and says why in one line.
    @Test func hoursWithoutVenuedReadsItsCacheThenTheBundledDataAndSaysSo() throws {
        mkdirs(home.cacheDirectory)
        try Data(Feeds.current()).write(to: URL(fileURLWithPath: home.cacheDirectory + "/venues.json"))
        let cached = try venuectl(["hours", "test commons", "--json", "--days", "1"])
        #expect(cached.code == 0 && cached.json["source"] as? String == "cache", "\(cached.stderr)")
        #expect(cached.stderr.hasPrefix("venuectl: venued is not running (no socket at ") && cached.stderr.contains("showing the cached copy"),
                "\(cached.stderr)")
        try Data("not json".utf8).write(to: URL(fileURLWithPath: home.cacheDirectory + "/venues.json"))
        let bundled = try venuectl(["hours", "commons", "--days", "1"])
        #expect(bundled.code == 0 && bundled.stdout.contains("bundled data"))
        #expect(bundled.stderr.contains("the cached copy \(home.cacheDirectory)/venues.json is not usable"), "\(bundled.stderr)")
        #expect(bundled.stderr.contains("so showing the bundled data"), "\(bundled.stderr)")
        #expect(bundled.stderr.split(separator: "\n").count == 1, "one line: \(bundled.stderr)")
    }

    @Test func hoursSaysWhichZoneWhenItIsNotTheReaders() throws {
        let run = try venuectl(["hours", "commons", "--at", "2023-09-18T12:00", "--days", "1", "--tz", "Asia/Tokyo"])
        #expect(run.stdout.contains("Times are in Asia/Tokyo."))
        let json = try venuectl(["hours", "commons", "--at", "2023-09-18T12:00", "--days", "1", "--tz", "Asia/Tokyo", "--json"])
        #expect(json.json["tz"] as? String == "Asia/Tokyo")
    }

    @Test func nextListsOpeningsAndClosingsSoonestFirst() throws {
        let run = try venuectl(["next", "--data", try home.bundledDataFile(), "--at", "2023-09-18T15:00", "--within", "2h"])
        #expect(run.code == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Next 2 h from Mon Sep 18 3:00 PM · file data, 2023-09-16 to 2023-09-22")
        // Cafe West closes at 3:00 PM itself: only what comes after --at is listed.
        #expect(Array(lines.dropFirst().prefix(3)) == [
            "  4:00 PM  in 1 h         Pret a Manger MBA closes",
            "  4:30 PM  in 1 h 30 min  1920 Commons closes",
            "  4:30 PM  in 1 h 30 min  Hill House closes",
        ])
        #expect(lines.contains("  5:00 PM  in 2 h         Lauder College House opens for Dinner"))
        #expect(lines.contains("  5:00 PM  in 2 h         Joe's Café closes"))
        #expect(lines.count == 12 && !run.stdout.contains("Cafe West"))
    }

    @Test func nextKeepsTheNamedVenuesAndMarksProjectedOnes() throws {
        let run = try venuectl(["next", "commons", "falk", "--at", "2023-09-22T20:00", "--within", "1d", "--json"])
        let transitions = try #require(run.json["transitions"] as? [[String: Any]])
        #expect(run.json["until"] as? String == "2023-09-23T20:00:00-04:00" && run.json["source"] as? String == "bundled")
        #expect(transitions.map { "\($0["venue_id"]!) \($0["kind"]!) \($0["at"]!) \($0["label"] as? String ?? "-") \($0["estimated"]!)" } == [
            "638 closes 2023-09-22T21:30:00-04:00 - 0",
            "593 opens 2023-09-23T09:00:00-04:00 Brunch 1",
            "593 closes 2023-09-23T16:30:00-04:00 - 1",
            "593 opens 2023-09-23T17:00:00-04:00 Dinner 1",
            "593 closes 2023-09-23T20:00:00-04:00 - 1",
        ])
        let text = try venuectl(["next", "commons", "--at", "2023-09-22T20:00", "--within", "1d"])
        #expect(text.stdout.contains("~ Sat 9:00 AM") && text.stdout.contains("1920 Commons opens for Brunch"))
        let none = try venuectl(["next", "commons", "--at", "2023-09-22T22:00", "--within", "1d", "--no-estimate"])
        // Past the data, --no-estimate leaves the venue without hours: not "nothing opens".
        #expect(none.stdout.hasSuffix("Nothing known to open or close in the next 24 h: no hours for 1 venue from Sat Sep 23 (not projected: --no-estimate).\n"))
    }

    @Test(arguments: [
        (["hours"], Int32(2), "hours needs a VENUE: an id or a name, e.g. 'venuectl hours commons' (see 'venuectl hours --help')"),
        (["hours", "cafe"], 2, "'cafe' matches 3 venues: Cafe West, Accenture Café, Joe's Café — be more specific or use an id"),
        (["hours", "comons"], 3, "no venue matches 'comons': did you mean '1920 Commons'?"),
        (["hours", "commons", "--days", "15"], 2, "--days takes a whole number from 1 to 14, not '15' (see 'venuectl hours --help')"),
        (["hours", "commons", "--days", "0"], 2, "--days takes a whole number from 1 to 14, not '0'"),
        (["hours", "commons", "--at", "soon"], 2, "cannot read --at 'soon': use YYYY-MM-DDTHH:MM[:SS] with an optional Z or ±HH:MM, HH:MM, or now (see 'venuectl hours --help')"),
        (["hours", "commons", "--tz", "Mars/Base"], 2, "unknown time zone 'Mars/Base'"),
        (["hours", "commons", "--data", "/nonexistent.json"], 4, "cannot read /nonexistent.json: No such file or directory"),
        (["hours", "commons", "--socket", "x"], 2, "unknown option '--socket' (see 'venuectl hours --help')"),
        (["next", "--within", "3"], 2, "--within takes a span from 1m to 14d such as 90m, 3h, 1h30m or 2d, not '3' (see 'venuectl next --help')"),
        (["next", "--within", "15d"], 2, "not '15d'"),
        (["next", "--within", "0m"], 2, "not '0m'"),
        (["next", "--within", "1h30"], 2, "not '1h30'"),
        (["next", "zzzz"], 3, "no venue matches 'zzzz'"),
        (["next", "--json=1"], 2, "--json takes no value (see 'venuectl next --help')"),
    ])
    func errorsAreOneLineWithTheirExitCode(arguments: [String], code: Int32, message: String) throws {
        let run = try venuectl(arguments)
        #expect(run.code == code, "\(arguments): \(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("venuectl: ") && run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func withinTakesTheSpansPeopleType() throws {
        for (span, until) in [("90m", "13:30"), ("1h30m", "13:30"), ("3h", "15:00"), ("2d", "12:00"), ("14d", "12:00")] {
            let run = try venuectl(["next", "--at", "2023-09-18T12:00", "--within", span, "--json"])
            #expect(run.code == 0, "\(span): \(run.stderr)")
            #expect((run.json["until"] as? String)?.contains("T\(until):00-04:00") == true, "\(span): \(run.json["until"] ?? "-")")
        }
    }
}
