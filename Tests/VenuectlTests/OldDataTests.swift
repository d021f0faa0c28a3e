import Foundation
import Testing

/// Old data, through the real binary: a feed asked about a date far from its own says
/// why it knows nothing (the horizon, docs/HOURS.md), in every format; and data shown
/// because venued did not answer says how old it is, in every format.
@Suite struct OldDataTests {
    static let fixture = VenuectlProcess.fixture
    /// Thanksgiving 2026, three years past the fixture's week.
    static let far = ["status", "--data", fixture, "--at", "2026-11-26T12:00"]

    func venuectl(_ arguments: [String], environment: [String: String] = [:]) throws -> VenuectlProcess.Run {
        try VenuectlProcess.run(arguments, environment: environment)
    }

    func object(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    @Test func aFarDateIsUnknownWithTheReasonInJSON() throws {
        let run = try venuectl(Self.far + ["--json"])
        #expect(run.code == 0 && run.stderr.isEmpty)
        #expect(run.json["unknown_reason"] as? String == "beyond_horizon")
        #expect(run.json["stale"] as? Bool == false && run.json["stale_reason"] is NSNull && run.json["fetched_at"] is NSNull)
        #expect(run.venues.count == 15 && run.venues.allSatisfy {
            $0["state"] as? String == "unknown" && $0["unknown_reason"] as? String == "beyond_horizon"
                && $0["estimated"] as? Bool == false && $0["changes_at"] is NSNull
        })
    }

    @Test func aFarDateIsExplainedInThePlainHeader() throws {
        let run = try venuectl(Self.far + ["commons"])
        #expect(run.stdout == """
            Penn dining at Thu Nov 26 12:00 PM · file data, 2023-09-16 to 2023-09-22
            ? No hours: the data covers 2023-09-16 to 2023-09-22, and hours are not guessed more than 21 days away from it.

            Dining Halls
              ? 1920 Commons  unknown   no hours: the data ends 2023-09-22

            """)
        let before = try venuectl(["status", "--data", Self.fixture, "--at", "2020-01-06T12:00", "commons"])
        #expect(before.stdout.contains("unknown   no hours: the data starts 2023-09-16"))
    }

    @Test func aFarDateIsUnknownInEveryBarWithTheReasonInTheTooltip() throws {
        let waybar = try #require(object(try venuectl(Self.far + ["--format", "waybar", "commons", "lauder"]).stdout))
        #expect(waybar["text"] as? String == "1920 Commons hours unknown · Lauder College House hours unknown")
        #expect(waybar["class"] as? String == "unknown" && waybar["alt"] as? String == "unknown")
        #expect((waybar["tooltip"] as? String)?.hasSuffix("\n\nNo hours: the data covers 2023-09-16 to 2023-09-22, and hours are not guessed more than 21 days away from it.") == true)
        #expect(try venuectl(Self.far + ["--format", "prompt", "commons"]).stdout == "1920 Commons hours unknown\n")
        #expect(try venuectl(Self.far + ["--format", "i3blocks", "commons"]).stdout == "1920 Commons hours unknown\n1920 hours unknown\n#9e9e9e\n")
        #expect(try venuectl(Self.far + ["--format", "tmux", "commons"]).stdout == "#[bg=#303030] #[fg=#9e9e9e]1920 Commons hours unknown #[default]\n")
        let state = try #require(object(try venuectl(Self.far + ["--format", "i3status-rs", "commons"]).stdout))
        #expect(state["state"] as? String == "Idle")
        #expect(try venuectl(Self.far + ["--template", "{name}: {state} ({unknown_reason}) stale={stale}", "commons"]).stdout
            == "1920 Commons: unknown (beyond_horizon) stale=false\n")
    }

    @Test func theHorizonIsTwentyOneDaysEachWay() throws {
        func state(_ at: String) throws -> (String?, String?) {
            let venue = try venuectl(["status", "--json", "--data", Self.fixture, "--at", at, "commons"]).venues.first
            return (venue?["state"] as? String, venue?["unknown_reason"] as? String)
        }
        #expect(try state("2023-10-13T12:00") == ("open", nil))
        #expect(try state("2023-10-14T12:00") == ("unknown", "beyond_horizon"))
        #expect(try state("2023-08-26T12:00") == ("open", nil))
        #expect(try state("2023-08-25T12:00") == ("unknown", "beyond_horizon"))
    }

    @Test func nextListsNothingFromGuessesPastTheHorizon() throws {
        let run = try venuectl(["next", "--json", "--data", Self.fixture, "--at", "2023-10-13T12:00", "--within", "2d"])
        let transitions = run.json["transitions"] as? [[String: Any]] ?? []
        #expect(!transitions.isEmpty)
        #expect(transitions.allSatisfy { ($0["at"] as? String ?? "9") < "2023-10-14T03:00" }, "\(transitions)")
        let far = try venuectl(["next", "--json", "--data", Self.fixture, "--at", "2026-11-26T12:00", "--within", "14d"])
        #expect((far.json["transitions"] as? [Any])?.isEmpty == true)
    }

    // MARK: stale data

    /// venued's cache files as venued writes them, fetched `age` seconds ago.
    func cache(fetchedSecondsAgo age: Int) throws -> String {
        let home = try VenuectlProcess.scratch()
        let directory = home + "/venued"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.fixture))
        try bytes.write(to: URL(fileURLWithPath: directory + "/venues.json"))
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let meta = """
            source = primary
            url = https://pennmobile.org/api/dining/venues/?format=json
            fetched_at = \(Int(Date().timeIntervalSince1970) - age)
            size = \(bytes.count)
            checksum = \(String(hash, radix: 16))

            """
        try Data(meta.utf8).write(to: URL(fileURLWithPath: directory + "/venues.meta"))
        return home
    }

    @Test func anOldCachedCopyShownWithoutVenuedSaysSoInEveryFormat() throws {
        let home = try cache(fetchedSecondsAgo: 2 * 86_400)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = ["XDG_CACHE_HOME": home]
        let at = ["--at", "2023-09-18T12:00"]
        let json = try venuectl(["status", "--json", "commons"] + at, environment: environment)
        #expect(json.json["source"] as? String == "cache" && json.json["stale"] as? Bool == true)
        #expect(json.json["stale_reason"] as? String == "venued_unreachable" && json.json["fetched_at"] is String)
        let plain = try venuectl(["status", "commons"] + at, environment: environment)
        #expect(plain.stdout.contains("\nOld data: venued did not answer, so this is venued's cached copy from "))
        #expect(plain.stderr.isEmpty, "the header gives the advice; stderr does not repeat it")
        let waybar = try #require(object(try venuectl(["status", "--format", "waybar", "commons"] + at, environment: environment).stdout))
        #expect(waybar["class"] as? [String] == ["open", "stale"] && waybar["alt"] as? String == "open")
        #expect(waybar["text"] as? String == "1920 Commons open till 4:30pm (old)")
        #expect((waybar["tooltip"] as? String)?.contains("\n\nOld data: venued did not answer") == true)
        let prompt = try venuectl(["status", "--format", "prompt", "commons"] + at, environment: environment)
        #expect(prompt.stdout == "1920 Commons open till 4:30pm (old)\n")
        #expect(prompt.stderr.contains("showing the cached copy from"), "a prompt has no room for the advice: stderr says it")
        #expect(try venuectl(["status", "--format", "polybar", "commons"] + at, environment: environment).stdout
            == "%{F#4caf50}1920 Commons open till 4:30pm%{F-} %{F#9e9e9e}(old)%{F-}\n")
        #expect(try venuectl(["status", "--format", "i3blocks", "commons"] + at, environment: environment).stdout
            == "1920 Commons open till 4:30pm (old)\n1920 open till 4:30pm (old)\n#4caf50\n")
        let i3bar = try venuectl(["status", "--format", "i3bar", "commons"] + at, environment: environment).stdout
        #expect(i3bar.contains(#"{"name":"venued","instance":"stale","full_text":"(old)""#))
        let rs = try #require(object(try venuectl(["status", "--format", "i3status-rs", "commons"] + at, environment: environment).stdout))
        #expect(rs["text"] as? String == "1920 Commons open till 4:30pm (old)" && rs["state"] as? String == "Good")
    }

    @Test func aFreshCachedCopyShownWithoutVenuedIsNotCalledOld() throws {
        let home = try cache(fetchedSecondsAgo: 60)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = ["XDG_CACHE_HOME": home]
        let json = try venuectl(["status", "--json", "--at", "2023-09-18T12:00"], environment: environment)
        #expect(json.json["source"] as? String == "cache" && json.json["stale"] as? Bool == false && json.json["fetched_at"] is String)
        let plain = try venuectl(["status", "--at", "2023-09-18T12:00"], environment: environment)
        #expect(!plain.stdout.contains("Old data") && plain.stderr.contains("showing the cached copy"))
        #expect(!(try venuectl(["status", "--format", "prompt", "commons", "--at", "2023-09-18T12:00"], environment: environment).stdout.contains("(old)")))
    }
}
