import Foundation
import Testing

/// `venuectl status --format F` against what each consumer documents: waybar's custom
/// module (`return-type: json`), i3blocks' three lines, the i3bar protocol's block array,
/// i3status-rust's custom block (`json = true`), polybar's and tmux's tags, a prompt
/// line, and `--template`. Through the real binary with `--data`.
@Suite struct StatusFormatTests {
    static let fixture = VenuectlProcess.fixture
    /// 16:20 on a covered Monday: 1920 Commons closes in 10 min, Lauder opens at 5 PM.
    static let base = ["status", "--data", fixture, "--at", "2023-09-18T16:20"]

    func venuectl(_ arguments: [String], environment: [String: String] = [:]) throws -> VenuectlProcess.Run {
        try VenuectlProcess.run(arguments, environment: environment)
    }

    func object(_ line: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }

    func isHexColor(_ text: String?) -> Bool {
        guard let text, text.count == 7, text.hasPrefix("#") else { return false }
        return text.dropFirst().allSatisfy(\.isHexDigit)
    }

    /// One line of output: the text and exactly one newline, at the end.
    func oneLine(_ run: VenuectlProcess.Run) -> String? {
        run.stdout.hasSuffix("\n") && run.stdout.filter { $0 == "\n" }.count == 1 ? String(run.stdout.dropLast()) : nil
    }

    @Test func waybarIsOneJSONObjectWithTheKeysOfACustomModule() throws {
        let run = try venuectl(Self.base + ["--format", "waybar", "commons", "lauder"])
        #expect(run.code == 0 && run.stderr.isEmpty)
        let module = try #require(oneLine(run).flatMap(object))
        #expect(module["text"] as? String == "1920 Commons closes in 10 min · Lauder College House opens 5pm")
        #expect((module["tooltip"] as? String)?.contains("1920 Commons: open, Lunch · closes in 10 min (4:30 PM)\nLauder College House: closed") == true)
        #expect(module["class"] as? String == "closing-soon" && module["alt"] as? String == "closing-soon")
        #expect(module["percentage"] as? Int == 50, "one of the two is open")
    }

    @Test func barsSumUpManyVenuesAndNameAFew() throws {
        let all = try #require(oneLine(try venuectl(Self.base + ["--format", "waybar"])).flatMap(object))
        #expect(all["text"] as? String == "10 of 15 open" && all["class"] as? String == "open" && all["percentage"] as? Int == 67)
        #expect((all["tooltip"] as? String)?.split(separator: "\n").count == 15)
        let none = try #require(oneLine(try venuectl(["status", "--data", Self.fixture, "--at", "2023-09-18T03:00", "--open-now", "--format", "waybar"])).flatMap(object))
        #expect(none["text"] as? String == "nothing open" && none["class"] as? String == "unknown" && none["percentage"] as? Int == 0)
    }

    @Test func i3blocksPrintsFullTextShortTextAndColour() throws {
        let run = try venuectl(Self.base + ["--format", "i3blocks", "commons", "lauder"])
        #expect(run.code == 0)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines[3].isEmpty, "three lines: \(run.stdout)")
        #expect(lines[0] == "1920 Commons closes in 10 min · Lauder College House opens 5pm")
        #expect(lines[1] == "1/2 open" && lines[2] == "#ff9800")
        let single = try venuectl(Self.base + ["--format", "i3blocks", "lauder"])
        #expect(single.stdout == "Lauder College House opens 5pm\nLauder opens 5pm\n#f44336\n")
    }

    @Test func i3barIsOneArrayOfBlocksOnOneLine() throws {
        let run = try venuectl(Self.base + ["--format", "i3bar", "commons", "lauder", "houston"])
        #expect(run.code == 0)
        let line = try #require(oneLine(run))
        let blocks = try #require((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [[String: Any]])
        #expect(blocks.count == 3)
        for block in blocks {
            #expect(block["full_text"] is String && block["short_text"] is String && block["name"] as? String == "venued")
            #expect(isHexColor(block["color"] as? String) && block["markup"] as? String == "none")
        }
        #expect(blocks.map { $0["instance"] as? String } == ["593", "639", "1442"])
        #expect(blocks.map { $0["color"] as? String } == ["#ff9800", "#4caf50", "#f44336"])
        // Narrow blocks still say which venue is which.
        #expect(blocks.map { ($0["short_text"] as? String)?.split(separator: " ").first } == ["1920", "Houston", "Lauder"])
    }

    @Test func i3statusRustGetsIconStateTextAndShortText() throws {
        let states = ["commons": "Warning", "houston": "Good", "lauder": "Critical"]
        for (venue, state) in states {
            let block = try #require(oneLine(try venuectl(Self.base + ["--format", "i3status-rs", venue])).flatMap(object))
            #expect(Set(block.keys) == ["icon", "state", "text", "short_text"])
            #expect(block["state"] as? String == state, "\(venue)")
        }
        let unknown = try #require(oneLine(try venuectl(["status", "--format", "i3status-rs", "--data", Self.fixture, "--at", "2026-11-23T12:00", "593"])).flatMap(object))
        #expect(unknown["state"] as? String == "Idle" && unknown["text"] as? String == "1920 Commons hours unknown")
    }

    @Test func polybarAndTmuxColourEachVenueWithBalancedTags() throws {
        let polybar = try venuectl(Self.base + ["--format", "polybar", "commons", "lauder"])
        #expect(polybar.code == 0)
        #expect(oneLine(polybar) == "%{F#ff9800}1920 Commons closes in 10 min%{F-} · %{F#f44336}Lauder College House opens 5pm%{F-}")
        let tmux = try venuectl(Self.base + ["--format", "tmux", "commons", "lauder"])
        #expect(oneLine(tmux) == "#[bg=#303030] #[fg=#ff9800]1920 Commons closes in 10 min#[fg=#9e9e9e] · #[fg=#f44336]Lauder College House opens 5pm #[default]")
    }

    @Test func markupAndTagCharactersInNamesAreEscapedForEachConsumer() throws {
        let directory = try VenuectlProcess.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let data = directory + "/odd.json"
        try Data(#"[{"id": 7, "name": "Tom & Jerry's <Grill> 100% #1 %{F#f0f}", "days": [{"date": "2023-09-18", "dayparts": [{"starttime": "2023-09-18T08:00:00", "endtime": "2023-09-18T20:00:00", "label": "All day"}]}]}]"#.utf8)
            .write(to: URL(fileURLWithPath: data))
        let args = ["status", "--data", data, "--at", "2023-09-18T12:00", "--format"]
        let waybar = try #require(oneLine(try venuectl(args + ["waybar"])).flatMap(object))
        #expect(waybar["text"] as? String == "Tom &amp; Jerry's &lt;Grill&gt; 100% #1 %{F#f0f} open till 8pm")
        #expect((waybar["tooltip"] as? String)?.hasPrefix("Tom &amp; Jerry's &lt;Grill&gt;") == true)
        // polybar: a `%` before `{` is kept from it by the colour tag in force.
        #expect(oneLine(try venuectl(args + ["polybar"])) == "%{F#4caf50}Tom & Jerry's <Grill> 100% #1 %%{F#4caf50}{F#f0f} open till 8pm%{F-}")
        // tmux's #() output is read twice: one `#` is written four times.
        #expect(oneLine(try venuectl(args + ["tmux"])) == "#[bg=#303030] #[fg=#4caf50]Tom & Jerry's <Grill> 100% ####1 %{F####f0f} open till 8pm #[default]")
        // Without markup the text goes out as it is.
        let i3bar = try venuectl(args + ["i3bar"])
        #expect(i3bar.stdout.contains(#""full_text":"Tom & Jerry's <Grill> 100% #1 %{F#f0f} open till 8pm""#))
        #expect(try venuectl(args + ["i3blocks"]).stdout.hasPrefix("Tom & Jerry's <Grill> 100% #1 %{F#f0f} open till 8pm\n"))
    }

    @Test func promptIsOneShortLineOrNothingAtAll() throws {
        #expect(try venuectl(Self.base + ["--format", "prompt", "commons"]).stdout == "1920 Commons closes in 10 min\n")
        #expect(try venuectl(Self.base + ["--format", "prompt", "houston", "lauder", "commons"]).stdout
            == "1920 Commons closes in 10 min · Houston Market open till 7:30pm +1\n")
        let nothing = try venuectl(["status", "--data", Self.fixture, "--at", "2023-09-18T03:00", "--open-now", "--format", "prompt"])
        #expect(nothing.code == 0 && nothing.stdout.isEmpty && nothing.stderr.isEmpty)
        let estimated = try venuectl(["status", "--data", Self.fixture, "--at", "2023-10-02T16:00", "--format", "prompt", "lauder"])
        #expect(estimated.stdout == "Lauder College House ~opens 5pm\n")
        // The bundled data, shown because venued did not answer, is old: the line says so.
        let old = try venuectl(["status", "--at", "2023-09-18T16:20", "--format", "prompt", "commons"])
        #expect(old.stdout == "1920 Commons closes in 10 min (old)\n")
    }

    @Test func templateFillsEveryPlaceholderOneLinePerVenue() throws {
        let all = "{id}|{name}|{kind}|{state}|{label}|{changes_at}|{changes_in}|{closing_soon}|{estimated}|{distance}|{walk}|{color}|{phrase}|{detail}"
        let run = try venuectl(Self.base + ["--template", all, "--near", "39.9522,-75.1932", "commons", "quaker"])
        #expect(run.code == 0)
        #expect(run.stdout == """
            593|1920 Commons|dining_hall|open|Lunch|2023-09-18T16:30:00-04:00|10 min|true|false|540 m|7 min|#ff9800|closes in 10 min|Lunch · closes in 10 min (4:30 PM)
            1464004|Quaker Kitchen|retail|closed||2023-09-18T17:00:00-04:00|40 min|false|false|||#f44336|opens 5pm|opens at 5:00 PM for Dinner

            """)
        #expect(try venuectl(Self.base + ["--template", "{{{name}}}", "593"]).stdout == "{1920 Commons}\n")
    }

    @Test func plainFitsTheTerminalWidthWhenColumnsIsSet() throws {
        let wide = try venuectl(Self.base)
        #expect(wide.stdout.split(separator: "\n").contains { $0.count > 60 })
        for columns in [60, 40, 12] {
            let narrow = try venuectl(Self.base, environment: ["COLUMNS": "\(columns)"])
            let lines = narrow.stdout.split(separator: "\n")
            #expect(lines.count == wide.stdout.split(separator: "\n").count)
            #expect(lines.allSatisfy { $0.count <= columns }, "COLUMNS=\(columns)")
            #expect(lines.contains { $0.hasSuffix("…") })
        }
        #expect(try venuectl(Self.base, environment: ["COLUMNS": "wide"]).stdout == wide.stdout, "a COLUMNS that is not a width is ignored")
    }

    @Test func everyFormatExitsZeroWhenItPrinted() throws {
        for format in ["plain", "json", "waybar", "i3blocks", "i3bar", "i3status-rs", "polybar", "tmux", "prompt"] {
            let run = try venuectl(Self.base + ["--format", format, "--open-now", "lauder"])
            #expect(run.code == 0 && run.stderr.isEmpty, "\(format): \(run.stderr)")
        }
    }

    @Test(arguments: [
        (["--template", "{name} {nmae}"], "unknown placeholder '{nmae}' in --template: the placeholders are {id} {name}"),
        (["--template", "{name"], "'{' without '}' in --template"),
        (["--template", "name}"], "a lone '}' in --template"),
        (["--format", "template"], "unknown format 'template': give the template with --template TEXT"),
        (["--format", "xml"], "unknown format 'xml': use plain, json, waybar, i3blocks, i3bar, i3status-rs, polybar, tmux, prompt"),
    ])
    func formatErrorsAreUsageErrors(arguments: [String], message: String) throws {
        let run = try venuectl(Self.base + arguments)
        #expect(run.code == 2 && run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("venuectl: ") && run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.filter { $0 == "\n" }.count == 1)
    }
}
