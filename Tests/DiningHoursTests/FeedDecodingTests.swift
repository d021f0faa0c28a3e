import BundledFeed
import DiningHours
import Testing

/// HOURS.md §1: the venues format, decoded tolerantly per element.
@Suite struct FeedDecodingTests {
    @Test func realBackupFeedDecodesCompletely() throws {
        let feed = try FeedDecoder.decode(try Fixture.penn("pennlabs_backup-data_venues.json"))
        #expect(feed.warnings.isEmpty)
        #expect(feed.venues.count == 15)
        #expect(feed.venues.map(\.days.count).reduce(0, +) == 105)
        #expect(feed.venues.flatMap(\.days).map(\.dayparts.count).reduce(0, +) == 147)
        #expect(feed.venues.first?.name == "1920 Commons")
        #expect(feed.venues.first { $0.id == 641 }?.name == "Accenture Café")
        #expect(feed.venues.filter { $0.kind == .diningHall }.map(\.id) == [593, 636, 637, 638, 747, 1442])
        let falk = try #require(feed.venues.first { $0.id == 638 })
        #expect(falk.days[0].status == .closed)
        #expect(falk.days[6].dayparts[1].message.contains("\n"))
    }

    @Test func bundledFeedIsTheBackupFeedByteForByte() throws {
        #expect(BundledFeed.bytes == (try Fixture.penn("pennlabs_backup-data_venues.json")))
    }

    /// The other Penn fixtures are older formats: each is refused with a message, never read as empty.
    @Test(arguments: [
        "penn-mobile-ios_sample-dining-venue_labs-v1_2021-09-02.json",
        "penn-mobile_backend_tests_dining_venue_labs-v1-dateHours.json",
        "penn-mobile_backend_tests_dining_venues_upstream-openData.json",
        "pennlabs_dining-api-v2-wrapper_something_labs-v1_2017.json",
        "penn-basics_venue_info_metadata.json",
    ])
    func olderFormatsAreNotAVenueList(name: String) throws {
        let bytes = try Fixture.penn(name)
        do {
            _ = try FeedDecoder.decode(bytes)
            Issue.record("\(name) decoded as a venue list")
        } catch {
            guard case .notAVenueList(let found) = error else { Issue.record("\(error)"); return }
            #expect(found.contains("an object with keys"))
        }
    }

    @Test func upstreamErrorObjectIsAnErrorNotAnEmptyFeed() {
        #expect(throws: FeedError.upstreamError("Something went wrong")) {
            try FeedDecoder.decode(Array(#"{"error": "Something went wrong"}"#.utf8))
        }
    }

    @Test func truncatedDocumentIsASyntaxError() throws {
        let bytes = Array(try Fixture.penn("pennlabs_backup-data_venues.json").prefix(30_000))
        do {
            _ = try FeedDecoder.decode(bytes)
            Issue.record("a truncated feed decoded")
        } catch {
            guard case .syntax(let syntax) = error else { Issue.record("\(error)"); return }
            #expect(syntax.description.contains("truncated"))
        }
    }

    @Test func nonArrayScalarsAreNamed() {
        #expect(throws: FeedError.notAVenueList("a string")) { try FeedDecoder.decode(Array(#""hello""#.utf8)) }
    }

    @Test func badElementsAreSkippedWithWarningsThatNameThem() throws {
        let json = """
        [
          {"id": 1, "name": "Good", "days": [
            {"date": "2023-09-18", "status": "open", "dayparts": [
              {"starttime": "2023-09-18T08:00:00", "endtime": "2023-09-18T10:00:00", "label": "Breakfast", "message": null},
              {"starttime": "2023-09-18T25:00:00", "endtime": "2023-09-18T10:00:00", "label": "Bad"},
              {"starttime": null, "endtime": "2023-09-18T10:00:00", "label": "Null"},
              {"endtime": "2023-09-18T10:00:00"},
              "not an object"
            ]},
            {"date": "2023-02-30", "dayparts": []},
            {"status": "open"},
            {"date": "2023-09-19", "status": null},
            {"date": "2023-09-20"}
          ]},
          {"name": "No id"},
          {"id": "2", "name": "String id &amp; entity", "days": null},
          {"id": 3, "days": []},
          {"id": 1, "name": "Duplicate"},
          42
        ]
        """
        let feed = try FeedDecoder.decode(Array(json.utf8))
        #expect(feed.venues.map(\.id) == [1, 2, 3])
        let good = feed.venues[0]
        #expect(good.days.map(\.date.description) == ["2023-09-18", "2023-09-19", "2023-09-20"])
        #expect(good.days[0].dayparts.count == 1)
        #expect(good.days[0].dayparts[0].message == "")
        #expect(good.days[1].status == .listed)
        #expect(feed.venues[1].name == "String id & entity")
        #expect(feed.venues[2].name == "Venue 3")
        let text = feed.warnings.map(\.description)
        #expect(text.contains("venue 1 (Good), day 2023-09-18, daypart 2: starttime '2023-09-18T25:00:00' is not a time; skipped"))
        #expect(text.contains("venue 1 (Good), day 2023-09-18, daypart 3: starttime null is not a time; skipped"))
        #expect(text.contains("venue 1 (Good), day 2023-09-18, daypart 4: starttime missing is not a time; skipped"))
        #expect(text.contains("venue 1 (Good), day 2023-09-18, daypart 5: is a string, not an object; skipped"))
        #expect(text.contains("venue 1 (Good), day 2: date '2023-02-30' is not YYYY-MM-DD; day skipped"))
        #expect(text.contains("venue 1 (Good), day 3: date missing is not YYYY-MM-DD; day skipped"))
        #expect(text.contains("venue at position 1: has no integer id; skipped"))
        #expect(text.contains("venue 2 (String id & entity): has no days; its hours are unknown"))
        #expect(text.contains("venue 1: appears again at position 4; the first one is kept"))
        #expect(text.contains("venue at position 5: is a number, not an object; skipped"))
        #expect(text.contains("venue 1 (Duplicate): has no days; its hours are unknown"))
        #expect(feed.warnings.count == 12)
    }

    @Test func htmlEntitiesInNamesAreDecoded() throws {
        let json = #"[{"id": 7, "name": "Joe&#39;s Caf&eacute; &lt;3 &#x41; &bogus; &", "days": []}]"#
        #expect(try FeedDecoder.decode(Array(json.utf8)).venues[0].name == "Joe's Café <3 A &bogus; &")
    }

    @Test func the2022VariantsDecode() throws {
        let json = """
        [{"id": 9, "name": "Old", "days": [{"date": "2022-10-08", "status": "open", "dayparts": [
          {"starttime": "2022-10-08T10:00:00-04:00", "endtime": "2022-10-08T14:00:00-04:00", "label": "Brunch"},
          {"starttime": "17:00", "endtime": "20:00:00", "label": "Dinner"}
        ]}]}]
        """
        let parts = try FeedDecoder.decode(Array(json.utf8)).venues[0].days[0].dayparts
        #expect(parts[0].start == .withOffset(LocalDateTime(date: date("2022-10-08"), secondOfDay: 36_000), offsetSeconds: -14_400))
        #expect(parts[1].start == .timeOfDay(secondOfDay: 61_200))
        #expect(parts[1].end == .timeOfDay(secondOfDay: 72_000))
    }
}

@Suite struct FeedTimeParsingTests {
    @Test(arguments: [
        ("2023-09-18T11:00:00", FeedTime.wallClock(LocalDateTime(date: LocalDate(year: 2023, month: 9, day: 18)!, secondOfDay: 39_600))),
        ("2023-09-18T11:00", .wallClock(LocalDateTime(date: LocalDate(year: 2023, month: 9, day: 18)!, secondOfDay: 39_600))),
        ("2023-09-18 11:00:30.250", .wallClock(LocalDateTime(date: LocalDate(year: 2023, month: 9, day: 18)!, secondOfDay: 39_630))),
        ("2023-09-18T11:00:00Z", .withOffset(LocalDateTime(date: LocalDate(year: 2023, month: 9, day: 18)!, secondOfDay: 39_600), offsetSeconds: 0)),
        ("2023-09-18T11:00:00+05:30", .withOffset(LocalDateTime(date: LocalDate(year: 2023, month: 9, day: 18)!, secondOfDay: 39_600), offsetSeconds: 19_800)),
        ("2023-09-18T11:00-0400", .withOffset(LocalDateTime(date: LocalDate(year: 2023, month: 9, day: 18)!, secondOfDay: 39_600), offsetSeconds: -14_400)),
        ("07:30", .timeOfDay(secondOfDay: 27_000)),
        ("23:59:59", .timeOfDay(secondOfDay: 86_399)),
    ])
    func acceptedForms(text: String, expected: FeedTime) {
        #expect(FeedTime(parsing: text) == expected)
    }

    @Test(arguments: ["", "noon", "24:00", "12:60", "2023-13-01T10:00", "2023-02-29T10:00", "2023-09-18T10", "2023-09-18T10:00+5",
                      "2023-09-18T10:00:00 extra", "7:30", "2023-09-18T10:00:61"])
    func rejectedForms(text: String) {
        #expect(FeedTime(parsing: text) == nil)
    }
}

@Suite struct JSONParserTests {
    @Test func parsesEveryKind() throws {
        let value = try JSONParser.parse(Array(#" {"a": [1, -2.5e2, true, false, null], "b": "x\"\\\/\b\f\n\r\t\u00e9\ud83c\udf54"} "#.utf8))
        #expect(value["a"] == .array([.number(1), .number(-250), .bool(true), .bool(false), .null]))
        #expect(value["b"] == .string("x\"\\/\u{8}\u{c}\n\r\té🍔"))
    }

    @Test(arguments: [
        ("", "unexpected end of input"), ("[1,]", "unexpected character ']'"), ("[1 2]", "expected ',' or ']'"),
        ("{\"a\" 1}", "expected ':'"), ("{1: 2}", "expected a string key"), ("\"abc", "unterminated string"),
        ("[01]", "expected ',' or ']'"), ("[1.]", "invalid number"), ("tru", "invalid literal"),
        ("\"\\ud800\"", "unpaired surrogate"), ("\"\\q\"", "invalid escape"), ("[1] x", "unexpected text after"),
        ("\"a\u{1}\"", "control character"),
    ])
    func rejectsMalformedDocuments(text: String, reason: String) {
        do {
            _ = try JSONParser.parse(Array(text.utf8))
            Issue.record("parsed \(text)")
        } catch {
            #expect(error.reason.contains(reason), "\(error)")
        }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
    }

    @Test func limitsNesting() {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(deep.utf8)) }
        let fine = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try JSONParser.parse(Array(fine.utf8)) }
    }

    @Test func errorsNameTheLine() {
        do {
            _ = try JSONParser.parse(Array("[\n1,\n?]".utf8))
        } catch {
            #expect(error.line == 3)
            #expect(error.description.hasPrefix("invalid JSON at line 3"))
        }
    }
}
