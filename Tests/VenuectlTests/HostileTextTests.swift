import Foundation
import Testing

/// A feed whose venue name, address, label and message carry terminal escapes (OSC 52
/// to the clipboard, a window title, screen clearing, 8-bit CSI) and Trojan Source
/// overrides: whatever venuectl prints from it, in every format and command, holds the
/// text but none of the controls.
@Suite struct HostileTextTests {
    /// OSC 52 (clipboard), OSC 0 (title) ended by BEL and by ST, CSI 2J (clear), the
    /// 8-bit CSI U+009B, DEL, backspaces, CR, RLO, an isolate, NEL and U+2028.
    static let payload = "\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}]0;title\u{1B}\\\u{1B}[2J\u{9B}31m\u{7F}\u{8}\u{8}\r"
        + "\u{202E}desrever\u{202C}\u{2067}iso\u{2069}\u{85}\u{2028}\t|"

    /// The real Penn week with the payload in 1920 Commons' name, address, every label and
    /// every message (the message also keeps a real second line).
    static func hostileFeed() throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: VenuectlProcess.fixture))
        var venues = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let index = try #require(venues.firstIndex { $0["id"] as? Int == 593 })
        var venue = venues[index]
        venue["name"] = "1920 Commons" + payload
        venue["address"] = "3800 Locust Walk" + payload
        venue["days"] = (venue["days"] as? [[String: Any]] ?? []).map { day in
            var day = day
            day["dayparts"] = (day["dayparts"] as? [[String: Any]] ?? []).map { part in
                var part = part
                part["label"] = "Lunch" + payload
                part["message"] = "Meal Exchange" + payload + "\nsecond line"
                return part
            }
            return day
        }
        venues[index] = venue
        let path = try VenuectlProcess.scratch() + "/hostile.json"
        try JSONSerialization.data(withJSONObject: venues).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// What a terminal or the bidi algorithm would act on, by offset: every C0 control
    /// but `\n`, DEL, every C1 control, the bidi embeddings, overrides and isolates.
    static func controls(in bytes: [UInt8]) -> [String] {
        guard let text = String(validating: bytes, as: UTF8.self) else { return ["invalid UTF-8"] }
        var found: [String] = []
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            switch scalar.value {
            case 0x0A: continue
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069:
                found.append("U+\(String(scalar.value, radix: 16, uppercase: true)) at scalar \(offset)")
            default: continue
            }
        }
        return found
    }

    func expectClean(_ run: VenuectlProcess.Run, _ command: [String], showing shown: String?) {
        let label = command.joined(separator: " ")
        #expect(Self.controls(in: run.stdoutBytes).isEmpty, "\(label): stdout \(Self.controls(in: run.stdoutBytes)): \(run.stdout.debugDescription)")
        #expect(Self.controls(in: run.stderrBytes).isEmpty, "\(label): stderr \(Self.controls(in: run.stderrBytes)): \(run.stderr.debugDescription)")
        #expect(!run.stdoutBytes.contains(0x1B) && !run.stderrBytes.contains(0x1B), "\(label): ESC")
        if let shown { #expect(run.stdout.contains(shown), "\(label): the venue's text is shown: \(run.stdout.debugDescription)") }
    }

    static let formats = ["plain", "json", "waybar", "i3blocks", "i3bar", "i3status-rs", "polybar", "tmux", "prompt"]

    @Test(arguments: formats)
    func statusPrintsTheHostileVenueWithoutItsControls(format: String) throws {
        let feed = try Self.hostileFeed()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: feed).deletingLastPathComponent().path) }
        let command = ["status", "593", "--data", feed, "--at", "2023-09-18T12:00", "--format", format]
        // A terminal's colours stay off: stdout is a file, and NO_COLOR says so again.
        let run = try VenuectlProcess.run(command, environment: ["NO_COLOR": "1"])
        #expect(run.code == 0, "\(run.stderr)")
        expectClean(run, command, showing: "]52;c;cHduZWQ=")
    }

    @Test func theOtherCommandsPrintItWithoutItsControlsToo() throws {
        let feed = try Self.hostileFeed()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: feed).deletingLastPathComponent().path) }
        let at = ["--data", feed, "--at", "2023-09-18T12:00"]
        let commands: [([String], String?)] = [
            (["status", "--all"] + at, "1920 Commons]52;c;"),
            (["status", "593", "--template", "{name}|{label}|{detail}|{phrase}"] + at, "1920 Commons]52;c;"),
            (["status", "593", "--json"] + at, "second line"),
            (["hours", "593"] + at, "second line"),
            (["hours", "593", "--json"] + at, "second line"),
            (["search", "commons"] + at, "1920 Commons]52;c;"),
            (["search", "commons", "--json"] + at, "1920 Commons]52;c;"),
            (["next", "593", "--within", "1d"] + at, "1920 Commons]52;c;"),
            (["is-open", "593"] + at, "1920 Commons]52;c;"),
            (["watch", "593", "--count", "1", "--data", feed], "1920 Commons]52;c;"),
            (["__venues", "--data", feed], nil),
            // Errors that quote the data or the command line: a name several venues share,
            // and a query that is itself an escape sequence.
            (["hours", "1920"] + at, nil),
            (["hours", "\u{1B}]0;owned\u{07}\u{9B}2J\u{202E}"] + at, nil),
            (["status", "--template", "{nope\u{1B}[2J}"] + at, nil),
        ]
        for (command, shown) in commands {
            let run = try VenuectlProcess.run(command, environment: ["NO_COLOR": "1"])
            if command.first == "__venues" {
                // Its TAB separates slug and name; the names themselves hold none.
                let lines = run.stdout.split(separator: "\n")
                #expect(lines.allSatisfy { $0.filter { $0 == "\t" }.count == 1 }, "\(run.stdout.debugDescription)")
                let withoutTabs = run.stdoutBytes.map { $0 == 0x09 ? 0x20 : $0 }
                #expect(Self.controls(in: withoutTabs).isEmpty, "__venues: \(run.stdout.debugDescription)")
                continue
            }
            expectClean(run, command, showing: shown)
            if shown == nil { #expect(run.code != 0 && !run.stderr.isEmpty, "\(command): \(run.stderr)") }
        }
    }

    /// On a terminal plain output is painted; the colours are venuectl's own SGR codes,
    /// and nothing else of the payload's ESCs survives. The local path decides colour
    /// from isatty; `script` gives it a terminal, and without it the test says it is skipped.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script (Debian package bsdutils)"))
    func colourIsTheOnlyEscapeOnATerminal() throws {
        let feed = try Self.hostileFeed()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: feed).deletingLastPathComponent().path) }
        let command = "\(VenuectlProcess.binary.path) status 593 --data \(feed) --at 2023-09-18T12:00"
        let run = try VenuectlProcess.runProgram("/usr/bin/script", ["-qec", command, "/dev/null"], environment: ["TERM": "xterm"])
        let bytes = run.stdoutBytes
        #expect(bytes.contains(0x1B), "painted: \(run.stdout.debugDescription)")
        for escape in bytes.indices where bytes[escape] == 0x1B {
            let parameters = bytes[(escape + 1)...].dropFirst().prefix { (0x30...0x39).contains($0) || $0 == 0x3B }
            let isSGR = bytes[(escape + 1)...].first == UInt8(ascii: "[") && bytes[parameters.endIndex...].first == UInt8(ascii: "m")
            #expect(isSGR, "an escape that is not SGR at byte \(escape): \(Array(bytes[escape...].prefix(12)))")
        }
        let text = String(decoding: bytes.filter { $0 != 0x1B && $0 != 0x0D }, as: UTF8.self)
        #expect(Self.controls(in: Array(text.utf8)).isEmpty, "\(Self.controls(in: Array(text.utf8)))")
    }
}
