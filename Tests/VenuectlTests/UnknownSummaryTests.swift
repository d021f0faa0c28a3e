import Foundation
import Testing

/// Summaries of many venues tell "no hours known" from "none open", through the real
/// binary: `status --open-now`, every bar's count, the prompt and `next`, on data that
/// is all unknown (a date years past the bundled week), all unknown and old (the bundled
/// copy shown because venued did not answer) and a mix (a feed where some venues list
/// no days). When every venue is known the words are those of before.
@Suite struct UnknownSummaryTests {
    static let fixture = VenuectlProcess.fixture
    /// Thanksgiving 2026: every venue of the bundled week is unknown (the horizon).
    static let far = ["--data", fixture, "--at", "2026-11-26T12:00"]
    static let none = "none known to be open: no hours for 15 venues (the data ends 2023-09-22)"

    func venuectl(_ arguments: [String]) throws -> VenuectlProcess.Run {
        try VenuectlProcess.run(arguments)
    }

    func object(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// Four venues on Monday 2023-09-18: Alpha (open 8–20 when `alphaOpen`, else 17–20),
    /// Beta (17–20), and Gamma and Delta, which list no days.
    func mixedFeed(alphaOpen: Bool) throws -> (directory: String, path: String) {
        let directory = try VenuectlProcess.scratch()
        func day(_ start: String) -> String {
            #"[{"date": "2023-09-18", "dayparts": [{"starttime": "2023-09-18T\#(start):00", "endtime": "2023-09-18T20:00:00", "label": "Dinner"}]}]"#
        }
        let venues = [
            #"{"id": 1, "name": "Alpha Hall", "days": \#(day(alphaOpen ? "08:00" : "17:00"))}"#,
            #"{"id": 2, "name": "Beta Cafe", "days": \#(day("17:00"))}"#,
            #"{"id": 3, "name": "Gamma Grill", "days": []}"#,
            #"{"id": 4, "name": "Delta Deli", "days": []}"#,
        ]
        let path = directory + "/mixed.json"
        try Data(("[" + venues.joined(separator: ",") + "]").utf8).write(to: URL(fileURLWithPath: path))
        return (directory, path)
    }

    // MARK: all unknown

    @Test func openNowSaysNoHoursRatherThanNoVenues() throws {
        let run = try venuectl(["status", "--open-now"] + Self.far)
        #expect(run.code == 0 && run.stderr.isEmpty)
        #expect(!run.stdout.contains("No venues to show"))
        #expect(run.stdout.hasSuffix("\n\nNone known to be open: no hours for 15 venues (the data ends 2023-09-22).\n"))
        #expect(run.stdout.contains("\n? No hours: the data covers 2023-09-16 to 2023-09-22"), "the header says why, as without --open-now")
        let json = object(try venuectl(["status", "--open-now", "--json"] + Self.far).stdout)
        #expect((json["venues"] as? [Any])?.isEmpty == true && json["unknown_reason"] as? String == "beyond_horizon")
        let unknown = json["unknown"] as? [[String: Any]] ?? []
        #expect(unknown.count == 15 && unknown.allSatisfy { $0["unknown_reason"] as? String == "beyond_horizon" && $0["name"] is String })
    }

    @Test func everyBarCountSaysNoHoursInGrey() throws {
        for openNow in [[], ["--open-now"]] {
            let args = ["status"] + Self.far + openNow + ["--format"]
            #expect(try venuectl(args + ["tmux"]).stdout == "#[bg=#303030] #[fg=#9e9e9e]\(Self.none) #[default]\n")
            #expect(try venuectl(args + ["polybar"]).stdout == "%{F#9e9e9e}\(Self.none)%{F-}\n")
            #expect(try venuectl(args + ["i3blocks"]).stdout == "\(Self.none)\nno hours known\n#9e9e9e\n")
            let waybar = object(try venuectl(args + ["waybar"]).stdout)
            #expect(waybar["text"] as? String == Self.none && waybar["class"] as? String == "unknown" && waybar["percentage"] as? Int == 0)
            let rs = object(try venuectl(args + ["i3status-rs"]).stdout)
            #expect(rs["text"] as? String == Self.none && rs["state"] as? String == "Idle")
        }
        let i3bar = try venuectl(["status", "--open-now", "--format", "i3bar"] + Self.far).stdout
        #expect(i3bar == ##"[{"name":"venued","instance":"none","full_text":"\##(Self.none)","short_text":"no hours known","color":"#9e9e9e","markup":"none"}]"## + "\n")
        #expect(try venuectl(["status", "--open-now", "--format", "prompt"] + Self.far).stdout == "no hours known\n")
        // --hide-empty hides "nothing open", not "no hours known".
        #expect(try venuectl(["status", "--open-now", "--hide-empty", "--format", "i3blocks"] + Self.far).stdout.hasPrefix(Self.none))
    }

    @Test func nextSaysItKnowsNothingAndWhichVenues() throws {
        let plain = try venuectl(["next"] + Self.far)
        #expect(plain.code == 0 && !plain.stdout.contains("Nothing opens or closes"))
        #expect(plain.stdout.hasSuffix("\nNothing known to open or close in the next 3 h: no hours for 15 venues (the data ends 2023-09-22).\n"))
        let json = try venuectl(["next", "--json"] + Self.far).json
        #expect((json["transitions"] as? [Any])?.isEmpty == true)
        #expect(json["stale"] as? Bool == false && json["stale_reason"] is NSNull)
        let unknown = json["unknown"] as? [[String: Any]] ?? []
        #expect(unknown.count == 15 && unknown.first?["id"] as? Int == 593 && unknown.first?["name"] as? String == "1920 Commons")
        #expect(unknown.allSatisfy { $0["unknown_reason"] as? String == "beyond_horizon" && $0["from"] as? String == "2026-11-26" })
    }

    @Test func nextSaysWhereTheHoursStopInsideTheWindow() throws {
        let run = try venuectl(["next", "--data", Self.fixture, "--at", "2023-10-13T12:00", "--within", "2d"])
        #expect(run.stdout.contains("\nNo hours for 15 venues from Sat Oct 14 (the data ends 2023-09-22): what they do then is not listed.\n"))
        let json = try venuectl(["next", "--json", "--data", Self.fixture, "--at", "2023-10-13T12:00", "--within", "2d"]).json
        #expect((json["transitions"] as? [Any])?.isEmpty == false)
        #expect((json["unknown"] as? [[String: Any]])?.allSatisfy { $0["from"] as? String == "2023-10-14" } == true)
    }

    // MARK: all unknown, and old

    @Test func oldDataWithNoHoursSaysBoth() throws {
        // No --data and no venued: the bundled copy, which is old.
        let far = ["--at", "2026-11-26T12:00"]
        #expect(try venuectl(["status", "--format", "tmux"] + far).stdout
            == "#[bg=#303030] #[fg=#9e9e9e]\(Self.none)#[fg=#9e9e9e] (old) #[default]\n")
        #expect(try venuectl(["status", "--format", "polybar"] + far).stdout == "%{F#9e9e9e}\(Self.none)%{F-} %{F#9e9e9e}(old)%{F-}\n")
        #expect(try venuectl(["status", "--format", "i3blocks"] + far).stdout == "\(Self.none) (old)\nno hours known (old)\n#9e9e9e\n")
        let waybar = object(try venuectl(["status", "--open-now", "--format", "waybar"] + far).stdout)
        #expect(waybar["text"] as? String == Self.none + " (old)" && waybar["class"] as? [String] == ["unknown", "stale"])
        #expect(try venuectl(["status", "--open-now", "--format", "prompt"] + far).stdout == "no hours known (old)\n")
        let plain = try venuectl(["status", "--open-now"] + far).stdout
        #expect(plain.contains("\nOld data: venued did not answer") && plain.hasSuffix("\nNone known to be open: no hours for 15 venues (the data ends 2023-09-22).\n"))
        let i3bar = try venuectl(["status", "--open-now", "--format", "i3bar"] + far).stdout
        #expect(i3bar.contains(#""instance":"none","full_text":"\#(Self.none)""#) && i3bar.contains(#""instance":"stale""#))
        let next = try venuectl(["next", "--json"] + far)
        #expect(next.json["stale"] as? Bool == true && next.json["stale_reason"] as? String == "venued_unreachable")
        #expect((next.json["unknown"] as? [Any])?.count == 15)
        #expect(try venuectl(["next"] + far).stdout.contains("\nNothing known to open or close in the next 3 h: no hours for 15 venues"))
    }

    // MARK: a mix

    @Test func someUnknownAndNoneOpenSaysBoth() throws {
        let feed = try mixedFeed(alphaOpen: false)
        defer { try? FileManager.default.removeItem(atPath: feed.directory) }
        let base = ["status", "--data", feed.path, "--at", "2023-09-18T12:00"]
        let plain = try venuectl(base + ["--open-now"]).stdout
        #expect(plain.hasSuffix("\n\nNone open; no hours for 2 of 4.\n") && plain.contains("? No hours: the feed lists no days for 2 venues."))
        let both = "none open; no hours for 2 of 4"
        for openNow in [[], ["--open-now"]] {
            #expect(try venuectl(base + openNow + ["--format", "tmux"]).stdout == "#[bg=#303030] #[fg=#9e9e9e]\(both) #[default]\n")
            #expect(try venuectl(base + openNow + ["--format", "polybar"]).stdout == "%{F#9e9e9e}\(both)%{F-}\n")
            #expect(try venuectl(base + openNow + ["--format", "i3blocks"]).stdout == "\(both)\n0/4 open, 2 unknown\n#9e9e9e\n")
            let waybar = object(try venuectl(base + openNow + ["--format", "waybar"]).stdout)
            #expect(waybar["text"] as? String == both && waybar["class"] as? String == "unknown", "grey, not the closed red")
        }
        #expect(try venuectl(base + ["--open-now", "--format", "prompt"]).stdout == both + "\n")
        #expect(try venuectl(base + ["--open-now", "--format", "i3bar"]).stdout.contains(#""full_text":"\#(both)""#))
        let json = object(try venuectl(base + ["--open-now", "--json"]).stdout)
        #expect((json["unknown"] as? [[String: Any]])?.map { $0["id"] as? Int } == [3, 4] && json["unknown_reason"] is NSNull)
        let next = try venuectl(["next", "--data", feed.path, "--at", "2023-09-18T12:00"])
        #expect(next.stdout.hasSuffix("\nNothing known to open or close in the next 3 h: no hours for 2 of 4 venues (none published).\n"))
        let nextJSON = try venuectl(["next", "--json", "--data", feed.path, "--at", "2023-09-18T12:00"]).json
        #expect((nextJSON["unknown"] as? [[String: Any]])?.map { $0["unknown_reason"] as? String } == ["no_data", "no_data"])
    }

    @Test func someOpenSaysTheUnknownOnesToo() throws {
        let feed = try mixedFeed(alphaOpen: true)
        defer { try? FileManager.default.removeItem(atPath: feed.directory) }
        let base = ["status", "--data", feed.path, "--at", "2023-09-18T12:00"]
        let plain = try venuectl(base + ["--open-now"]).stdout
        #expect(plain.contains("Alpha Hall") && plain.hasSuffix("\n\nNo hours for 2 of 4 venues, so --open-now cannot say whether they are open.\n"))
        #expect(try venuectl(base + ["--format", "tmux"]).stdout == "#[bg=#303030] #[fg=#4caf50]1 of 4 open; no hours for 2 #[default]\n")
        #expect(try venuectl(base + ["--format", "i3blocks"]).stdout == "1 of 4 open; no hours for 2\n1/4 open, 2 unknown\n#4caf50\n")
        #expect(try venuectl(base + ["--open-now", "--format", "polybar"]).stdout
            == "%{F#4caf50}Alpha Hall open till 8pm%{F-} · %{F#9e9e9e}no hours for 2%{F-}\n")
        #expect(try venuectl(base + ["--open-now", "--format", "prompt"]).stdout == "Alpha Hall open till 8pm; no hours for 2\n")
        let blocks = (try? JSONSerialization.jsonObject(with: Data(try venuectl(base + ["--open-now", "--format", "i3bar"]).stdout.utf8))) as? [[String: Any]] ?? []
        #expect(blocks.map { $0["instance"] as? String } == ["1", "unknown"] && blocks.last?["color"] as? String == "#9e9e9e")
        let waybar = object(try venuectl(base + ["--open-now", "--format", "waybar"]).stdout)
        #expect(waybar["text"] as? String == "Alpha Hall open till 8pm · no hours for 2" && waybar["class"] as? String == "open")
    }

    // MARK: all known

    @Test func withEveryVenueKnownTheWordsAreAsBefore() throws {
        let night = ["--data", Self.fixture, "--at", "2023-09-18T03:00"]
        #expect(try venuectl(["status", "--open-now"] + night).stdout.hasSuffix("\n\nNo venues to show.\n"))
        #expect(try venuectl(["status", "--open-now", "--format", "prompt"] + night).stdout.isEmpty)
        #expect(object(try venuectl(["status", "--open-now", "--format", "waybar"] + night).stdout)["text"] as? String == "nothing open")
        #expect(try venuectl(["status", "--format", "i3blocks", "--data", Self.fixture, "--at", "2023-09-18T16:20"]).stdout == "10 of 15 open\n10/15 open\n#4caf50\n")
        #expect(try venuectl(["next", "--within", "1h"] + night).stdout.hasSuffix("\nNothing opens or closes in the next 1 h.\n"))
        let json = try venuectl(["next", "--json"] + night).json
        #expect((json["unknown"] as? [Any])?.isEmpty == true && json["stale"] as? Bool == false)
    }
}
