import BundledFeed
import DiningHours
import Testing
@testable import VenueReports

/// `COLUMNS`: what goes first in a narrow terminal is what matters least.
@Suite struct NarrowTerminalTests {
    static let feed = try! FeedDecoder.decode(BundledFeed.bytes)
    static let zone = try! ZoneDatabase.system.rules("America/New_York")
    /// Monday of the bundled week, 12:00: McClelland is open for "Sushi and Market" till 8 PM.
    static let noon = zone.instant(for: LocalDateTime(date: LocalDate(year: 2023, month: 9, day: 18)!, secondOfDay: 12 * 3600))

    func plain(_ venues: [String], columns: Int?) throws -> [String] {
        var options = StatusOptions()
        options.venues = venues
        options.at = "2023-09-18T12:00"
        let report = try StatusReport(options: options, feed: FeedCopy(feed: Self.feed, source: .file), now: Self.noon, dataAge: DataAge())
        let text = StatusPresentation(format: .plain, userZone: "America/New_York", columns: columns).render(report)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func theMealGoesBeforeTheClosingTime() throws {
        let wide = try plain(["mcclelland"], columns: nil)
        let row = try #require(wide.first { $0.contains("McClelland") })
        #expect(row.hasSuffix("open      Sushi and Market · closes at 8:00 PM"), "\(row)")
        // Too narrow for the meal, wide enough for the closing time: the meal goes.
        let cut = try plain(["mcclelland"], columns: row.count - 5)
        #expect(cut.contains { $0.hasSuffix("open      closes at 8:00 PM") }, "\(cut)")
    }

    @Test func narrowerStillTheLineIsNameAndPhrase() throws {
        let lines = try plain(["mcclelland", "lauder"], columns: 40)
        #expect(lines.contains("  ● McClelland Express    open till 8pm"), "\(lines)")
        #expect(lines.contains("  ○ Lauder College House  opens 5pm"), "\(lines)")
        #expect(lines.allSatisfy { $0.count <= 40 })
        let tight = try plain(["mcclelland", "lauder"], columns: 28)
        #expect(tight.contains("  ● McClella…  open till 8pm"), "names are cut before the phrase: \(tight)")
    }

    @Test func theHeaderWrapsInsteadOfLosingItsEnd() throws {
        let lines = try plain(["lauder"], columns: 40)
        #expect(lines.prefix(2) == ["Penn dining at Mon Sep 18 12:00 PM ·", "  file data, 2023-09-16 to 2023-09-22"], "\(lines)")
    }

    @Test func wrappingBreaksAtTheSeparatorAndKeepsURLsWhole() {
        #expect("7:30 AM–10:30 AM, 11:00 AM–4:30 PM, 5:00 PM–9:30 PM".wrapped(to: 36, indent: "    ", separator: ", ")
            == ["7:30 AM–10:30 AM, 11:00 AM–4:30 PM,", "    5:00 PM–9:30 PM"])
        #expect("Breakfast 7:30 AM–10:30 AM · Lunch 11:00 AM–4:30 PM".wrapped(to: 30, indent: "  ", separator: " · ")
            == ["Breakfast 7:30 AM–10:30 AM ·", "  Lunch 11:00 AM–4:30 PM"])
        #expect("see https://example.com/a/very/long/path".wrapped(to: 10) == ["see", "  https://example.com/a/very/long/path"])
        #expect("short".wrapped(to: 10) == ["short"])
        #expect("abcdefghijkl".truncated(to: 5) == "abcd…")
    }
}
