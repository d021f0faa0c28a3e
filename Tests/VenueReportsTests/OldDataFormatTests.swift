import BundledFeed
import DiningHours
import Foundation
import Testing
@testable import VenueReports

/// Every format says the same two things the same way: why venues are unknown (the
/// horizon and the other reasons) and that the data is old (`DataAge`). In-process,
/// from reports built as venued and venuectl build them.
@Suite("Old data in every format")
struct OldDataFormatTests {
    static let zone = try! ZoneDatabase.system.rules("America/New_York")
    static let feed = try! FeedDecoder.decode(BundledFeed.bytes)
    /// Monday noon of the bundled week, and Thanksgiving 2026.
    static let monday = zone.instant(for: LocalDateTime(date: LocalDate(year: 2023, month: 9, day: 18)!, secondOfDay: 43_200))
    static let thanksgiving = zone.instant(for: LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 26)!, secondOfDay: 43_200))
    /// A cached copy fetched the morning of that Monday, served while refreshes fail.
    static let failing = DataAge(fetchedAt: monday - 3 * 3600, staleness: .refreshFailing)

    func report(_ venues: [String], at: Instant, source: FeedSource = .file, age: DataAge = DataAge(),
                atText: String? = "given", estimate: Bool = true) throws -> StatusReport {
        var options = StatusOptions()
        options.venues = venues
        options.at = atText.map { _ in Self.zone.iso8601(at) }
        options.estimate = estimate
        return try StatusReport(options: options, feed: FeedCopy(feed: Self.feed, source: source, fetchedAt: age.fetchedAt),
                                now: at, dataAge: age)
    }

    func render(_ format: StatusFormat, _ report: StatusReport) -> String {
        StatusPresentation(format: format).render(report)
    }

    func object(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    // MARK: unknown, with the reason

    @Test("plain: the header says what the data covers and how far it is guessed from")
    func plainSaysWhyUnknown() throws {
        let asked = render(.plain, try report(["commons"], at: Self.thanksgiving))
        #expect(asked.contains("\n? No hours: the data covers 2023-09-16 to 2023-09-22, and hours are not guessed more than 21 days away from it.\n"))
        #expect(asked.contains("? 1920 Commons  unknown   no hours: the data ends 2023-09-22"))
        // Asked about now, it says how to see the data's own week.
        let now = render(.plain, try report(["commons"], at: Self.thanksgiving, atText: nil))
        #expect(now.contains("more than 21 days away from it; --at 2023-09-18T12:00 shows that week.\n"))
    }

    @Test("plain: each other reason has its own sentence")
    func plainOtherReasons() throws {
        let tuesday = Self.zone.instant(for: LocalDateTime(date: LocalDate(year: 2023, month: 9, day: 26)!, secondOfDay: 43_200))
        let off = render(.plain, try report(["commons"], at: tuesday, estimate: false))
        #expect(off.contains("? No hours: the data does not cover 2023-09-26, and --no-estimate keeps it from being projected."))
        #expect(off.contains("not in the data (--no-estimate)"))
        let empty = try StatusReport(options: StatusOptions(), feed: FeedCopy(feed: Feed(venues: [Venue(id: 1, name: "Empty", days: [])]), source: .file),
                                     now: Self.monday, dataAge: DataAge())
        #expect(render(.plain, empty).contains("? No hours: the feed lists no days for one venue."))
        #expect(object(render(.json, empty))["unknown_reason"] as? String == "no_data")
    }

    @Test("json: the reason on each venue, and at the top when all share it")
    func jsonSaysWhyUnknown() throws {
        let far = object(render(.json, try report([], at: Self.thanksgiving)))
        #expect(far["unknown_reason"] as? String == "beyond_horizon")
        let venues = far["venues"] as? [[String: Any]] ?? []
        #expect(venues.count == 15 && venues.allSatisfy { $0["unknown_reason"] as? String == "beyond_horizon" })
        let known = object(render(.json, try report([], at: Self.monday)))
        #expect(known["unknown_reason"] is NSNull)
        #expect((known["venues"] as? [[String: Any]])?.allSatisfy { $0["unknown_reason"] is NSNull } == true)
    }

    @Test("bars: the unknown tone and class, the reason in waybar's tooltip, no marker for fresh data")
    func barsSayWhyUnknown() throws {
        let report = try report(["commons"], at: Self.thanksgiving)
        let waybar = object(render(.waybar, report))
        #expect(waybar["class"] as? String == "unknown" && waybar["text"] as? String == "1920 Commons hours unknown")
        #expect(waybar["tooltip"] as? String == "1920 Commons: unknown, no hours: the data ends 2023-09-22\n\n"
            + "No hours: the data covers 2023-09-16 to 2023-09-22, and hours are not guessed more than 21 days away from it.")
        #expect(render(.i3blocks, report) == "1920 Commons hours unknown\n1920 hours unknown\n#9e9e9e\n")
        #expect(object(render(.i3statusRS, report))["state"] as? String == "Idle")
        #expect(render(.polybar, report) == "%{F#9e9e9e}1920 Commons hours unknown%{F-}\n")
        #expect(render(.tmux, report) == "#[bg=#303030] #[fg=#9e9e9e]1920 Commons hours unknown #[default]\n")
        #expect(!render(.i3bar, report).contains("stale"))
        #expect(render(.prompt, report) == "1920 Commons hours unknown\n")
        #expect(render(.template(try StatusTemplate("{unknown_reason}|{stale}")), report) == "beyond_horizon|false\n")
    }

    // MARK: stale

    @Test("plain: one line says the data is old, why, and what helps")
    func plainSaysOld() throws {
        let failing = render(.plain, try report(["commons"], at: Self.monday, source: .cache, age: Self.failing))
        #expect(failing.contains("\nOld data: venued's refreshes are failing, so it serves its cached copy from Mon Sep 18 9:00 AM ('venuectl info' says why).\n"))
        let unreachable = DataAge(staleness: .venuedUnreachable(hint: "start it with 'systemctl --user start venued.socket'"))
        let bundled = render(.plain, try report(["commons"], at: Self.monday, source: .bundled, age: unreachable))
        #expect(bundled.contains("\nOld data: venued did not answer, so this is the bundled copy of Penn's hours — start it with 'systemctl --user start venued.socket'.\n"))
        let overdue = render(.plain, try report(["commons"], at: Self.monday, source: .primary,
                                                age: DataAge(fetchedAt: Self.monday - 86_400, staleness: .overdue)))
        #expect(overdue.contains("\nOld data: this copy is from Sun Sep 17 12:00 PM, and venued has not refreshed it since ('venuectl info' says why).\n"))
        let fresh = render(.plain, try report(["commons"], at: Self.monday, source: .primary, age: DataAge(fetchedAt: Self.monday - 60)))
        #expect(!fresh.contains("Old data"))
    }

    @Test("json: stale, its reason and the fetch time")
    func jsonSaysOld() throws {
        let failing = object(render(.json, try report(["commons"], at: Self.monday, source: .cache, age: Self.failing)))
        #expect(failing["stale"] as? Bool == true && failing["stale_reason"] as? String == "refresh_failing")
        #expect(failing["fetched_at"] as? String == "2023-09-18T09:00:00-04:00")
        let fresh = object(render(.json, try report(["commons"], at: Self.monday)))
        #expect(fresh["stale"] as? Bool == false && fresh["stale_reason"] is NSNull && fresh["fetched_at"] is NSNull)
    }

    @Test("bars and the prompt: the class 'stale', the tooltip's line, '(old)' at the end")
    func barsSayOld() throws {
        let report = try report(["commons", "lauder"], at: Self.monday, source: .cache, age: Self.failing)
        let waybar = object(render(.waybar, report))
        #expect(waybar["class"] as? [String] == ["open", "stale"] && waybar["alt"] as? String == "open")
        #expect(waybar["text"] as? String == "1920 Commons open till 4:30pm · Lauder College House opens 5pm (old)")
        #expect((waybar["tooltip"] as? String)?.hasSuffix("\n\nOld data: venued's refreshes are failing, so it serves its cached copy from Mon Sep 18 9:00 AM ('venuectl info' says why).") == true)
        #expect(render(.prompt, report) == "1920 Commons open till 4:30pm · Lauder College House opens 5pm (old)\n")
        #expect(render(.i3blocks, report) == "1920 Commons open till 4:30pm · Lauder College House opens 5pm (old)\n1/2 open (old)\n#4caf50\n")
        let rs = object(render(.i3statusRS, report))
        #expect(rs["text"] as? String == "1920 Commons open till 4:30pm · Lauder College House opens 5pm (old)" && rs["state"] as? String == "Good")
        #expect(render(.polybar, report).hasSuffix("%{F-} %{F#9e9e9e}(old)%{F-}\n"))
        #expect(render(.tmux, report).hasSuffix("#[fg=#9e9e9e] (old) #[default]\n"))
        let blocks = (try? JSONSerialization.jsonObject(with: Data(render(.i3bar, report).utf8))) as? [[String: Any]] ?? []
        #expect(blocks.map { $0["instance"] as? String } == ["593", "1442", "stale"])
        #expect(blocks.last?["full_text"] as? String == "(old)" && blocks.last?["color"] as? String == "#9e9e9e")
        #expect(render(.template(try StatusTemplate("{name} {stale}")), report) == "1920 Commons true\nLauder College House true\n")
    }

    @Test("a prompt with no venue stays empty, old data or not")
    func emptyPromptStaysEmpty() throws {
        var options = StatusOptions()
        options.favorites = true
        let report = try StatusReport(options: options, feed: FeedCopy(feed: Self.feed, source: .cache), now: Self.monday, dataAge: Self.failing)
        #expect(render(.prompt, report).isEmpty)
    }

    // MARK: watchers

    @Test("a watcher wakes when the data turns stale, and sees a JSON answer change then")
    func watchersSeeDataTurnStale() throws {
        let campus = Campus(feed: Self.feed, zone: Self.zone)
        let staleFrom = Self.monday + 120
        var options = StatusOptions()
        options.venues = ["commons"]
        let fresh = try StatusReport(options: options, campus: campus, source: .primary, now: Self.monday,
                                     dataAge: DataAge(fetchedAt: Self.monday - 60, staleFrom: staleFrom))
        #expect(Redraw.next(after: fresh, campus: campus, presentation: StatusPresentation(format: .json)) == staleFrom)
        let stale = try StatusReport(options: options, campus: campus, source: .primary, now: staleFrom,
                                     dataAge: DataAge(fetchedAt: Self.monday - 60, staleness: .overdue))
        #expect(StatusJSON.shown(StatusJSON.members(fresh)) != StatusJSON.shown(StatusJSON.members(stale)))
        // Only the instants differ: not news.
        let later = try StatusReport(options: options, campus: campus, source: .primary, now: Self.monday + 30,
                                     dataAge: DataAge(fetchedAt: Self.monday - 30, staleFrom: staleFrom))
        #expect(StatusJSON.shown(StatusJSON.members(fresh)) == StatusJSON.shown(StatusJSON.members(later)))
    }

    @Test("a watcher on the horizon's last day wakes at its end, and finds nothing to wait for after it")
    func watchersStopAtTheHorizon() throws {
        let campus = Campus(feed: Self.feed, zone: Self.zone)
        let lastEvening = Self.zone.instant(for: LocalDateTime(date: LocalDate(year: 2023, month: 10, day: 13)!, secondOfDay: 22 * 3600))
        var options = StatusOptions()
        options.venues = ["commons"]
        let report = try StatusReport(options: options, campus: campus, source: .file, now: lastEvening, dataAge: DataAge())
        let midnight = Self.zone.instant(for: LocalDateTime(date: LocalDate(year: 2023, month: 10, day: 14)!, secondOfDay: 0))
        #expect(Redraw.next(after: report, campus: campus, presentation: StatusPresentation(format: .prompt)) == midnight)
        #expect(campus.transitions(after: midnight, through: midnight + Timetable.lookahead).isEmpty)
    }
}
