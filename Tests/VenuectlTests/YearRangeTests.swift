import Foundation
import Testing

/// HOURS.md §3.8 through the real binary: with data or `--at` in year 9999, every answer
/// writes four-digit years and stops at the end of 9999-12-31, saying so; an `--at`
/// outside years 0001-9999 is a usage error (exit 2) in one line.
@Suite struct YearRangeTests {
    let root: String

    init() throws { root = try VenuectlProcess.scratch() }

    /// Venue 1 is open 9 to 5 and from 8 PM to midnight every day of the last week of
    /// 9999; venue 2 has one day, Friday 9999-12-24, projected onto Friday 9999-12-31.
    static let feed = """
        [{"id": 1, "name": "Last Hall", "days": [\((25...31).map { d in """
        {"date": "9999-12-\(d)", "status": "open", "dayparts": [
          {"starttime": "9999-12-\(d)T09:00:00", "endtime": "9999-12-\(d)T17:00:00", "label": "Day", "message": ""},
          {"starttime": "9999-12-\(d)T20:00:00", "endtime": "9999-12-\(d)T23:59:00", "label": "Late", "message": ""}]}
        """ }.joined(separator: ","))]},
         {"id": 2, "name": "Other Cafe", "days": [{"date": "9999-12-24", "status": "open", "dayparts": [
          {"starttime": "9999-12-24T08:00:00", "endtime": "9999-12-24T18:00:00", "label": "", "message": ""}]}]}]
        """

    /// A run of venuectl on the feed; its answers (not an error echoing what was typed)
    /// are checked for four-digit years.
    func venuectl(_ arguments: [String], answers: Bool = true) throws -> VenuectlProcess.Run {
        let path = root + "/feed.json"
        if !FileManager.default.fileExists(atPath: path) { try Self.feed.write(toFile: path, atomically: true, encoding: .utf8) }
        let run = try VenuectlProcess.run(arguments + ["--data", path], environment: ["XDG_CONFIG_HOME": root + "/config"])
        if answers { Self.expectFourDigitYears(run.stdout + run.stderr) }
        return run
    }

    /// No year of five digits, no year 0000, in ISO 8601 or in iCalendar's basic form.
    static func expectFourDigitYears(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for pattern in [#"\d{5}-\d\d-\d\d"#, #"\b0000-\d\d-\d\d"#, #"\d{9}T\d{6}"#, #"[:;]0000\d{4}T"#] {
            #expect(text.range(of: pattern, options: .regularExpression) == nil, "\(pattern) in \(text)", sourceLocation: sourceLocation)
        }
    }

    static func json(_ run: VenuectlProcess.Run) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    @Test func statusOpenIntoYear10000HasNoClosingTime() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try venuectl(["status", "--json", "--at", "9999-12-31T22:00"])
        #expect(run.code == 0, "\(run.stderr)")
        let venues = try #require(try Self.json(run)["venues"] as? [[String: Any]])
        let hall = try #require(venues.first { $0["id"] as? Int == 1 })
        #expect(hall["state"] as? String == "open" && hall["changes_at"] is NSNull)
        let cafe = try #require(venues.first { $0["id"] as? Int == 2 })
        #expect(cafe["state"] as? String == "closed" && cafe["changes_at"] is NSNull && cafe["estimated"] as? Bool == true)
    }

    @Test func nextStopsAtTheLastSecondOf9999AndSaysSo() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try venuectl(["next", "--json", "--at", "9999-12-31T19:00", "--within", "24h"])
        #expect(run.code == 0, "\(run.stderr)")
        let answer = try Self.json(run)
        #expect(answer["until"] as? String == "9999-12-31T23:59:59-05:00")
        #expect(answer["cut"] as? String == "beyond_year_9999")
        let transitions = try #require(answer["transitions"] as? [[String: Any]])
        #expect(transitions.map { $0["at"] as? String } == ["9999-12-31T20:00:00-05:00"])
        let text = try venuectl(["next", "--at", "9999-12-31T19:00", "--within", "24h"])
        #expect(text.code == 0 && text.stdout.contains("Nothing is shown past 9999-12-31"), "\(text.stdout)")
        let inside = try venuectl(["next", "--json", "--at", "9999-12-31T12:00", "--within", "3h"])
        #expect(try Self.json(inside)["cut"] is NSNull)
    }

    @Test func hoursListsNoDayPast9999AndSaysSo() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try venuectl(["hours", "Last Hall", "--json", "--at", "9999-12-30T12:00"])
        #expect(run.code == 0, "\(run.stderr)")
        let answer = try Self.json(run)
        let days = try #require(answer["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == ["9999-12-30", "9999-12-31"])
        #expect(answer["cut"] as? String == "beyond_year_9999")
        let last = try #require(days.last?["open"] as? [[String: Any]])
        #expect(last.map { $0["end"] as? String } == ["9999-12-31T17:00:00-05:00", nil])
        let text = try venuectl(["hours", "Last Hall", "--at", "9999-12-30T12:00"])
        #expect(text.code == 0 && text.stdout.contains("Nothing is shown past 9999-12-31"), "\(text.stdout)")
    }

    @Test func calendarWritesFourDigitYearsAndNotesTheCut() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try venuectl(["calendar", "--at", "9999-12-28T12:00", "--days", "7"])
        #expect(run.code == 0)
        let starts = CalendarCommandTests.events(run.stdout).compactMap { CalendarCommandTests.value("DTSTART", in: $0) }
        #expect(!starts.isEmpty && starts.allSatisfy { $0.hasPrefix("9999122") || $0.hasPrefix("9999123") }, "\(starts)")
        #expect(starts.contains("99991231T200000") == false, "the service ending at 10000-01-01T00:00 has no event")
        #expect(run.stderr.contains("venuectl: note: Nothing is shown past 9999-12-31"), "\(run.stderr)")
    }

    @Test(arguments: ["9999-12-31T23:00-12:00", "10000-01-01T00:00", "0000-12-31T12:00", "0001-01-01T00:00Z"])
    func atOutsideTheYearsIsAUsageError(_ at: String) throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        for command in ["status", "next", "hours Last", "calendar"] {
            let run = try venuectl(command.split(separator: " ").map(String.init) + ["--at", at], answers: false)
            #expect(run.code == 2 && run.stdout.isEmpty, "\(command): \(run.stdout)")
            let lines = run.stderr.split(separator: "\n")
            #expect(lines.count == 1 && (lines.first?.contains("outside years 0001 to 9999") == true || at.hasPrefix("10000")),
                    "\(command): \(run.stderr)")
        }
    }
}
