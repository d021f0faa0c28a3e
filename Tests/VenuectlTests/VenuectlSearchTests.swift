import Foundation
import Testing

/// `venuectl search`: the real binary on the bundled 2023 week.
@Suite struct VenuectlSearch {
    let home = DaemonProcess.Home()

    /// Without venued, search says once that it shows the bundled data (VenuectlHours
    /// checks that line); the tests here read the rest.
    func venuectl(_ arguments: [String]) throws -> VenuectlRunner.Run {
        try VenuectlRunner.run(arguments, home: home).withoutNotRunningNotice()
    }

    @Test func resultsAreRankedWithIdNameKindAndState() throws {
        let run = try venuectl(["search", "cafe", "--at", "2023-09-18T16:00"])
        #expect(run.code == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout == """
            1464009  Cafe West       retail  closed
            641      Accenture Café  retail  open
            642      Joe's Café      retail  open

            """)
        let estimated = try venuectl(["search", "593", "--at", "2023-10-02T12:00"])
        #expect(estimated.stdout == "593  1920 Commons  dining hall  ~open\n")
        let beyond = try venuectl(["search", "593", "--at", "2026-11-23T12:00"])
        #expect(beyond.stdout == "593  1920 Commons  dining hall  unknown\n")
    }

    @Test func jsonSaysHowEachVenueMatched() throws {
        let run = try venuectl(["search", "1920", "--json", "--at", "2023-09-18T12:00", "--data", try home.bundledDataFile()])
        #expect(run.code == 0 && run.json["source"] as? String == "file" && run.json["query"] as? String == "1920")
        let results = try #require(run.json["results"] as? [[String: Any]])
        #expect(results.map { $0["slug"] as? String } == ["1920-commons", "1920-gourmet-grocer", "1920-starbucks"])
        #expect(results.allSatisfy { $0["match"] as? String == "prefix" && $0["state"] as? String == "open" })
        for (query, match) in [("Hill House", "exact"), ("house hill", "word_prefix"), ("ill hou", "substring"), ("hill hose", "similar")] {
            let one = try venuectl(["search", query, "--json"])
            let first = try #require((one.json["results"] as? [[String: Any]])?.first, "\(query)")
            #expect(first["id"] as? Int == 636 && first["match"] as? String == match, "\(query): \(first)")
        }
    }

    @Test func typosAccentsAndSeveralWordsAreForgiven() throws {
        #expect(try venuectl(["search", "starbuks"]).stdout.hasPrefix("1163  1920 Starbucks"))
        #expect(try venuectl(["search", "JOE’S", "CAFÉ"]).stdout.hasPrefix("642  Joe's Café"))
        #expect(try venuectl(["search", "locust", "pret"]).stdout.hasPrefix("1733  Pret a Manger Locust Walk"))
    }

    @Test func nothingFoundIsExitOneNotAnError() throws {
        let text = try venuectl(["search", "zzzzzz"])
        #expect(text.code == 1 && text.stdout.isEmpty)
        #expect(text.stderr == "venuectl: no venue matches 'zzzzzz' (run 'venuectl status' to list them all)\n")
        let json = try venuectl(["search", "zzzzzz", "--json"])
        #expect(json.code == 1 && json.stderr.isEmpty && (json.json["results"] as? [Any])?.isEmpty == true)
    }

    @Test(arguments: [
        (["search"], Int32(2), "search needs a QUERY: part of a venue's name or its id, e.g. 'venuectl search cafe' (see 'venuectl search --help')"),
        (["search", "--", "--"], 2, "search needs a QUERY"),
        (["search", "cafe", "--at", "noon"], 2, "cannot read --at 'noon'"),
        (["search", "cafe", "--days", "2"], 2, "unknown option '--days' (see 'venuectl search --help')"),
        (["search", "cafe", "--data", "/nonexistent.json"], 4, "cannot read /nonexistent.json"),
    ])
    func errors(arguments: [String], code: Int32, message: String) throws {
        let run = try venuectl(arguments)
        #expect(run.code == code && run.stdout.isEmpty, "\(arguments): \(run.stderr)")
        #expect(run.stderr.hasPrefix("venuectl: ") && run.stderr.contains(message) && run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)")
    }
}
