import DiningHours
import Testing

/// Text from outside reaches a terminal without a control character or a bidi
/// override, whatever it held; letters in any script, emoji and accents pass untouched.
@Suite struct UntrustedTextTests {
    static let c0 = (0x00...0x1F).compactMap(Unicode.Scalar.init)
    static let c1 = (0x80...0x9F).compactMap(Unicode.Scalar.init)
    /// The embeddings, overrides and isolates of "Trojan Source".
    static let bidiControls = (Array(0x202A...0x202E) + Array(0x2066...0x2069)).compactMap(Unicode.Scalar.init)

    /// Brute-force reference: no scalar a terminal or the bidi algorithm acts on, but
    /// the `\n` of a multi-line text.
    static func isSafe(_ text: String, newlines: Bool) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            if scalar == "\n" { return newlines }
            return !c0.contains(scalar) && scalar != "\u{7F}" && !c1.contains(scalar) && !bidiControls.contains(scalar)
                && scalar != "\u{2028}" && scalar != "\u{2029}"
        }
    }

    @Test(arguments: [
        "Café", "1920 Commons", "Joe's Café · Houston Market", "🍕 Pizza 🇺🇸 👩‍🍳", "e\u{301}te\u{301}",
        "שלום עולם", "مطعم", "日本語のメニュー", "Zalgo z\u{35B}\u{33E}\u{34C}", "100% {not} <markup> & #[tmux]",
        "\u{A0}non-breaking\u{A0}", "\u{200E}LRM \u{200F}RLM \u{61C}ALM", "",
    ])
    func validTextWithoutControlsIsReturnedUnchanged(text: String) {
        #expect(UntrustedText.singleLine(text) == text)
        #expect(UntrustedText.multiline(text) == text)
        #expect(UntrustedText.terminalOutput(text) == text)
    }

    @Test func everyC0ControlAndDELIsRemovedOrMadeASpace() {
        for scalar in Self.c0 + ["\u{7F}"] {
            let text = "a" + String(Character(scalar)) + "b"
            let line = UntrustedText.singleLine(text)
            let lines = UntrustedText.multiline(text)
            #expect(Self.isSafe(line, newlines: false), "U+\(String(scalar.value, radix: 16)): \(line.debugDescription)")
            #expect(Self.isSafe(lines, newlines: true), "U+\(String(scalar.value, radix: 16)): \(lines.debugDescription)")
            #expect(line == "ab" || line == "a b")
        }
    }

    @Test func everyC1ControlIsRemoved() {
        for scalar in Self.c1 where scalar != "\u{85}" {
            let text = "a" + String(Character(scalar)) + "b"
            #expect(UntrustedText.singleLine(text) == "ab", "U+\(String(scalar.value, radix: 16))")
            #expect(UntrustedText.multiline(text) == "ab")
            #expect(UntrustedText.terminalOutput(text) == "ab")
        }
    }

    @Test func theTrojanSourceOverridesAndIsolatesAreRemoved() {
        for scalar in Self.bidiControls {
            let text = "Commons" + String(Character(scalar)) + " open"
            #expect(UntrustedText.singleLine(text) == "Commons open", "U+\(String(scalar.value, radix: 16))")
            #expect(UntrustedText.multiline(text) == "Commons open")
            #expect(UntrustedText.terminalOutput(text) == "Commons open")
        }
    }

    @Test func escapeSequencesLoseTheirControlsAndShowAsText() {
        let osc52 = "Hill\u{1B}]52;c;ZWNobyBwd25lZA==\u{07} House"
        #expect(UntrustedText.singleLine(osc52) == "Hill]52;c;ZWNobyBwd25lZA== House")
        #expect(UntrustedText.singleLine("\u{1B}]0;title\u{1B}\\x\u{9B}2J\u{9D}0;t\u{9C}") == "]0;title\\x2J0;t")
        #expect(UntrustedText.singleLine("back\u{8}\u{8}\u{8}\u{8}over") == "backover")
    }

    @Test func aSingleLineHasEveryLineBreakAndTabAsASpace() {
        #expect(UntrustedText.singleLine("a\nb\r\nc\rd\u{B}e\u{C}f\u{85}g\u{2028}h\u{2029}i\tj") == "a b c d e f g h i j")
    }

    @Test func aMultilineTextKeepsEachBreakAsOneNewline() {
        #expect(UntrustedText.multiline("a\nb\r\nc\rd\u{B}e\u{C}f\u{85}g\u{2028}h\u{2029}i\tj") == "a\nb\nc\nd\ne\nf\ng\nh\ni j")
        #expect(UntrustedText.multiline("Meal Exchange\n\nopen-close\n") == "Meal Exchange\n\nopen-close\n")
        #expect(UntrustedText.multiline("ends in CR\r") == "ends in CR\n")
    }

    @Test func terminalOutputKeepsColourNewlinesAndTabsAndNothingElse() {
        let painted = "\u{1B}[1mDining Halls\u{1B}[0m\n  \u{1B}[32m●\u{1B}[0m 1920 Commons\t\u{1B}[38;5;208mopen\u{1B}[0m\n"
        #expect(UntrustedText.terminalOutput(painted) == painted)
        #expect(UntrustedText.terminalOutput("a\u{1B}[2Jb\u{1B}]52;c;eA==\u{7}c\u{1B}[31;m") == "a[2Jb]52;c;eA==c\u{1B}[31;m")
        #expect(UntrustedText.terminalOutput("over\rwrite\r\n\u{B}\u{C}\u{85}") == "overwrite\n")
        #expect(UntrustedText.terminalOutput("\u{1B}[" + String(repeating: "1;", count: 40) + "m") == "[" + String(repeating: "1;", count: 40) + "m")
        #expect(UntrustedText.terminalOutput("cut \u{1B}[3") == "cut [3")
        #expect(UntrustedText.terminalOutput("\u{1B}") == "")
    }

    /// Every scalar from U+0000 to U+2FFF, alone and between letters: the result is safe,
    /// and only what the rule names was changed.
    @Test func noScalarSurvivesThatTheRuleRemoves() {
        for value in 0...0x2FFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "x" + String(Character(scalar)) + "y\u{1B}"
            let line = UntrustedText.singleLine(text), lines = UntrustedText.multiline(text)
            #expect(Self.isSafe(line, newlines: false), "U+\(String(value, radix: 16))")
            #expect(Self.isSafe(lines, newlines: true), "U+\(String(value, radix: 16))")
            if Self.isSafe(String(Character(scalar)), newlines: false) {
                #expect(line == "x" + String(Character(scalar)) + "y")
            }
        }
    }

    @Test func aVenueAndADaypartCleanTheirTextWhenMade() throws {
        let hostile = "Commons\u{1B}]0;pwned\u{7}\u{202E}\u{9B}31m\nHall"
        let venue = Venue(id: 1, name: hostile, address: hostile, imageURL: hostile, days: [])
        for text in [venue.name, venue.address, venue.imageURL] {
            #expect(text == "Commons]0;pwned31m Hall")
        }
        let time = try #require(FeedTime(parsing: "2023-09-18T08:00:00"))
        let daypart = Daypart(start: time, end: time, label: hostile, message: hostile + "\r\nsecond line")
        #expect(daypart.label == "Commons]0;pwned31m Hall")
        #expect(daypart.message == "Commons]0;pwned31m\nHall\nsecond line")
    }

    @Test func theDecoderCleansEveryFieldAfterDecodingEscapesAndEntities() throws {
        let json = #"""
            [{"id":7,"name":"Caf&eacute;&#27;]0;t&#7;\u202e","address":"1 \u001b[2J Walk","image":"https://x/\u009b.jpg",
              "days":[{"date":"2023-09-18","dayparts":[{"starttime":"2023-09-18T08:00:00","endtime":"2023-09-18T09:00:00",
                "label":"Lunch&#x9B;\u2066","message":"one\r\ntwo\u0007"}]}]}]
            """#
        let feed = try FeedDecoder.decode(Array(json.utf8))
        let venue = try #require(feed.venues.first)
        #expect(venue.name == "Café]0;t")
        #expect(venue.address == "1 [2J Walk")
        #expect(venue.imageURL == "https://x/.jpg")
        #expect(venue.days[0].dayparts[0].label == "Lunch")
        #expect(venue.days[0].dayparts[0].message == "one\ntwo")
    }

    @Test func aNameOfNothingButControlsIsNoName() throws {
        let feed = try FeedDecoder.decode(Array(#"[{"id":9,"name":"\u001b\u0007\u202e","days":[]}]"#.utf8))
        #expect(feed.venues.first?.name == "Venue 9")
    }

    @Test func warningsAndErrorsQuoteTheFeedWithoutItsControls() throws {
        let feed = try FeedDecoder.decode(Array(#"[{"id":3,"name":"A","days":[{"date":"\u001b]0;x\u0007"}]}]"#.utf8))
        let warning = try #require(feed.warnings.first)
        #expect(Self.isSafe(warning.description, newlines: false), "\(warning.description.debugDescription)")
        #expect(throws: FeedError.upstreamError("down [2J now")) { try FeedDecoder.decode(Array(#"{"error":"down\n\u001b[2J now"}"#.utf8)) }
        do {
            _ = try FeedDecoder.decode([0x5B, 0x1B, 0x5D])
            Issue.record("ESC is not JSON")
        } catch {
            #expect(Self.isSafe("\(error)", newlines: false) && "\(error)".contains("byte 0x1B"), "\("\(error)".debugDescription)")
        }
        do {
            _ = try FeedDecoder.decode([0x5B, 0xC2, 0x9B, 0x5D])
            Issue.record("a C1 control is not JSON")
        } catch {
            #expect(Self.isSafe("\(error)", newlines: false), "\("\(error)".debugDescription)")
        }
    }
}
