import Foundation
import Testing

/// `venuectl status` as users run it: the real binary, its stdout, stderr and exit code.
@Suite struct VenuectlStatusTests {
    static let fixture = VenuectlProcess.fixture

    func venuectl(_ arguments: [String], environment: [String: String] = [:]) throws -> VenuectlProcess.Run {
        try VenuectlProcess.run(arguments, environment: environment)
    }

    @Test func jsonForAFixedInstantGivesSpecsAnswerForEveryVenue() throws {
        let run = try venuectl(["status", "--json", "--data", Self.fixture, "--at", "2023-09-18T12:00"])
        #expect(run.code == 0 && run.stderr.isEmpty)
        #expect(run.json["at"] as? String == "2023-09-18T12:00:00-04:00")
        #expect(run.json["source"] as? String == "file")
        let rows = run.venues.map { v in
            "\(v["id"]!) \(v["state"]!) \(v["label"] as? String ?? "null") \(v["changes_at"] as? String ?? "null") \(v["closing_soon"]!) \(v["estimated"]!)"
        }
        #expect(rows == [
            "593 open Lunch 2023-09-18T16:30:00-04:00 0 0", "636 open Lunch 2023-09-18T16:30:00-04:00 0 0",
            "637 open Lunch 2023-09-18T16:30:00-04:00 0 0", "638 open Lunch 2023-09-18T14:00:00-04:00 0 0",
            "639 open Houston Market 2023-09-18T19:30:00-04:00 0 0", "641 open Accenture 2023-09-18T17:00:00-04:00 0 0",
            "642 open Joe 2023-09-18T17:00:00-04:00 0 0", "747 open Sushi and Market 2023-09-18T20:00:00-04:00 0 0",
            "1057 open Lunch 2023-09-19T00:00:00-04:00 0 0", "1163 open Starbucks 2023-09-19T00:00:00-04:00 0 0",
            "1442 closed null 2023-09-18T17:00:00-04:00 0 0", "1732 open Pret a Manger 2023-09-18T16:00:00-04:00 0 0",
            "1733 open Pret a Manger 2023-09-18T20:00:00-04:00 0 0", "1464004 closed null 2023-09-18T17:00:00-04:00 0 0",
            "1464009 open Cafe West 2023-09-18T15:00:00-04:00 0 0",
        ])
    }

    @Test func atAcceptsOffsetsAndUTC() throws {
        for at in ["2023-09-18T16:00:00Z", "2023-09-18T12:00-04:00", "2023-09-18T17:00+01:00"] {
            let run = try venuectl(["status", "--json", "--data", Self.fixture, "--at", at, "593"])
            #expect(run.json["at"] as? String == "2023-09-18T12:00:00-04:00", "\(at)")
            #expect(run.venues.first?["label"] as? String == "Lunch")
        }
    }

    @Test func closingSoonAndTheThresholdFlag() throws {
        let soon = try venuectl(["status", "--json", "--data", Self.fixture, "--at", "2023-09-18T16:20", "593"])
        #expect(soon.venues.first?["closing_soon"] as? Bool == true)
        let notSoon = try venuectl(["status", "--json", "--data", Self.fixture, "--at", "2023-09-18T16:20", "--soon", "5", "593"])
        #expect(notSoon.venues.first?["closing_soon"] as? Bool == false)
    }

    @Test func openNowAndVenueArgumentsFilter() throws {
        let open = try venuectl(["status", "--json", "--data", Self.fixture, "--at", "2023-09-18T16:45", "--open-now"])
        #expect(open.venues.map { $0["id"] as! Int } == [639, 641, 642, 747, 1057, 1163, 1733])
        let named = try venuectl(["status", "--json", "--data", Self.fixture, "--at", "2023-09-18T12:00", "HILL", "cafe", "1442"])
        #expect(named.venues.map { $0["id"] as! Int } == [636, 641, 642, 1442, 1464009])
    }

    @Test func bundledDataWithoutArgumentsSaysItIsOldAndGuessesNothing() throws {
        // Today is years past the bundled week: nothing is projected that far.
        let run = try venuectl(["status"])
        #expect(run.code == 0)
        #expect(run.stdout.contains("bundled data, 2023-09-16 to 2023-09-22"))
        #expect(run.stdout.contains("\nOld data: venued did not answer, so this is the bundled copy of Penn's hours — start it with"))
        #expect(run.stderr.isEmpty, "the advice is printed once, in the header")
        #expect(run.stdout.contains("\n? No hours: the data covers 2023-09-16 to 2023-09-22, and hours are not guessed more than 21 days away from it; --at 2023-09-18T12:00 shows that week.\n"))
        #expect(run.stdout.contains("Dining Halls") && run.stdout.contains("Retail") && run.stdout.contains("? 1920 Commons"))
        #expect(run.stdout.contains("unknown   no hours: the data ends 2023-09-22") && !run.stdout.contains("~"))
        #expect(!run.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")
        let json = try venuectl(["status", "--json"])
        #expect(json.json["source"] as? String == "bundled" && json.json["stale"] as? Bool == true)
        #expect(json.json["stale_reason"] as? String == "venued_unreachable" && json.json["fetched_at"] is NSNull)
        #expect(json.json["unknown_reason"] as? String == "beyond_horizon")
        #expect(json.venues.count == 15 && json.venues.allSatisfy {
            $0["state"] as? String == "unknown" && $0["unknown_reason"] as? String == "beyond_horizon" && $0["estimated"] as? Bool == false
        })
    }

    @Test func bundledDataIsProjectedWithinTheHorizon() throws {
        let json = try venuectl(["status", "--json", "--at", "2023-10-02T12:00"])
        #expect(json.json["source"] as? String == "bundled" && json.json["unknown_reason"] is NSNull)
        #expect(json.venues.allSatisfy { $0["estimated"] as? Bool == true && $0["unknown_reason"] is NSNull })
        #expect(json.venues.first?["changes_at"] as? String == "2023-10-02T16:30:00-04:00")
        let text = try venuectl(["status", "--at", "2023-10-02T12:00"])
        #expect(text.stdout.contains("~ estimated") && !text.stdout.contains("No hours"))
    }

    @Test func theLegendSaysWhatIsEstimated() throws {
        // Friday night is covered; only the reopenings after the data's last day are projected.
        let covered = try venuectl(["status", "--data", Self.fixture, "--at", "2023-09-22T22:00"])
        #expect(covered.stdout.contains("~ estimated: the data ends on 2023-09-22; times after it are projected"))
        #expect(!covered.stdout.contains("does not cover this date"))
        let uncovered = try venuectl(["status", "--data", Self.fixture, "--at", "2023-09-25T12:00"])
        #expect(uncovered.stdout.contains("~ estimated: the data does not cover this date"))
    }

    @Test func noEstimateMakesUncoveredDatesUnknown() throws {
        let run = try venuectl(["status", "--json", "--no-estimate", "--data", Self.fixture, "--at", "2023-09-25T12:00"])
        #expect(run.venues.allSatisfy { $0["state"] as? String == "unknown" && $0["changes_at"] is NSNull })
        #expect(run.json["unknown_reason"] as? String == "not_estimated")
        let text = try venuectl(["status", "--no-estimate", "--data", Self.fixture, "--at", "2023-09-25T12:00", "593"])
        #expect(text.stdout.contains("unknown   not in the data (--no-estimate)"))
        #expect(text.stdout.contains("? No hours: the data does not cover 2023-09-25, and --no-estimate keeps it from being projected."))
        // Beyond the horizon the horizon is the reason: estimation would not help.
        let far = try venuectl(["status", "--json", "--no-estimate", "--data", Self.fixture, "--at", "2026-11-23T12:00"])
        #expect(far.json["unknown_reason"] as? String == "beyond_horizon")
    }

    @Test func humanOutputSaysWhenAndInWhichZone() throws {
        let run = try venuectl(["status", "--data", Self.fixture, "--at", "2023-09-18T16:20", "commons", "lauder", "grocer"])
        #expect(run.stdout.contains("1920 Commons") && run.stdout.contains("closes in 10 min (4:30 PM)"))
        #expect(run.stdout.contains("opens at 5:00 PM for Dinner"))
        #expect(run.stdout.contains("Lunch until 5:00 PM · closes at midnight"))
        #expect(!run.stdout.contains("Times are in"))
        let elsewhere = try venuectl(["status", "--data", Self.fixture, "--at", "2023-09-18T12:00", "593"], environment: ["TZ": "Europe/Paris"])
        #expect(elsewhere.stdout.contains("Times are in America/New_York (UTC-4)."))
        let tokyo = try venuectl(["status", "--json", "--data", Self.fixture, "--at", "2023-09-18T12:00", "--tz", "Asia/Tokyo", "593"])
        #expect(tokyo.json["at"] as? String == "2023-09-18T12:00:00+09:00" && tokyo.json["tz"] as? String == "Asia/Tokyo")
    }

    @Test(arguments: [
        (["status", "--bogus"], Int32(2), "unknown option '--bogus'"),
        (["status", "--at", "tomorrow"], 2, "cannot read --at 'tomorrow'"),
        (["status", "--at"], 2, "--at needs a value"),
        (["status", "--soon", "-3"], 2, "--soon takes whole minutes"),
        (["status", "--tz", "Mars/Base"], 2, "unknown time zone 'Mars/Base'"),
        (["status", "--format", "xml"], 2, "unknown format 'xml'"),
        (["status", "--json=yes"], 2, "--json takes no value"),
        (["status", "--json="], 2, "--json takes no value"),
        (["status", "--at=", "--json"], 2, "cannot read --at ''"),
        (["frobnicate"], 2, "unknown command or venue 'frobnicate'"),
        (["status", "comons"], 3, "no venue matches 'comons': did you mean '1920 Commons'?"),
        (["status", "zzzzzzzz"], 3, "no venue matches 'zzzzzzzz': run 'venuectl status'"),
        (["status", "--data", "/nonexistent/venues.json"], 4, "cannot read /nonexistent/venues.json: No such file or directory"),
    ])
    func errorsAreOneLineWithADistinctExitCode(arguments: [String], code: Int32, message: String) throws {
        let run = try venuectl(arguments)
        #expect(run.code == code)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("venuectl: ") && run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func statusIsTheDefaultCommand() throws {
        let named = try venuectl(["commons", "--json", "--data", VenuectlProcess.fixture, "--at", "2023-09-18T12:00"])
        let explicit = try venuectl(["status", "commons", "--json", "--data", VenuectlProcess.fixture, "--at", "2023-09-18T12:00"])
        #expect(named.code == 0 && named.stdout == explicit.stdout && named.venues.map { $0["name"] as? String } == ["1920 Commons"])
        let filtered = try venuectl(["--open-now", "--json", "--data", VenuectlProcess.fixture, "--at", "2023-09-18T12:00"])
        #expect(filtered.code == 0 && filtered.venues.allSatisfy { $0["state"] as? String == "open" } && !filtered.venues.isEmpty)
    }

    @Test func invalidDataFilesAreRefusedNotShownAsEmpty() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("venuectl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, body, message) in [("error.json", #"{"error": "upstream down"}"#, "the server reported an error instead of venues: upstream down"),
                                      ("html.json", "<html>502</html>", "invalid JSON at line 1"),
                                      ("legacy.json", #"{"document": {}}"#, "not a venue list")] {
            let path = directory.appendingPathComponent(name).path
            try Data(body.utf8).write(to: URL(fileURLWithPath: path))
            let run = try venuectl(["status", "--data", path])
            #expect(run.code == 5 && run.stderr.contains(message), "\(run.stderr)")
        }
        let partial = directory.appendingPathComponent("partial.json").path
        try Data(#"[{"id": 5, "name": "Half", "days": [{"date": "2023-09-18", "dayparts": [{"starttime": "x", "endtime": "y"}]}]}]"#.utf8)
            .write(to: URL(fileURLWithPath: partial))
        let run = try venuectl(["status", "--json", "--data", partial, "--at", "2023-09-18T12:00"])
        #expect(run.code == 0 && run.stderr.contains("note: skipped part of") && run.venues.first?["state"] as? String == "closed")
    }

    @Test func helpAndVersion() throws {
        let help = try venuectl(["status", "--help"])
        #expect(help.code == 0 && help.stdout.contains("--no-estimate") && help.stdout.contains("exit codes"))
        #expect(try venuectl(["--version"]).stdout.hasPrefix("venuectl "))
    }
}
