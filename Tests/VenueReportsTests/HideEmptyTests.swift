import BundledFeed
import DiningHours
import Testing
@testable import VenueReports

/// `--hide-empty`: when no venue is chosen or open, every bar format prints what makes
/// its bar hide the module, as `--format prompt` prints nothing.
@Suite struct HideEmptyTests {
    static let feed = try! FeedDecoder.decode(BundledFeed.bytes)
    static let zone = try! ZoneDatabase.system.rules("America/New_York")
    /// Monday of the bundled week at 3 AM: nothing is open.
    static let night = zone.instant(for: LocalDateTime(date: LocalDate(year: 2023, month: 9, day: 18)!, secondOfDay: 3 * 3600))

    func render(_ format: StatusFormat, hide: Bool, openNow: Bool = true) throws -> String {
        var options = StatusOptions()
        options.openNow = openNow
        options.hideEmpty = hide
        options.at = "2023-09-18T03:00"
        let report = try StatusReport(options: options, feed: FeedCopy(feed: Self.feed, source: .file), now: Self.night, dataAge: DataAge())
        return StatusPresentation(format: format).render(report)
    }

    @Test("nothing open: an empty line, an empty i3bar block list, an empty i3status-rs text")
    func hidden() throws {
        for format in [StatusFormat.waybar, .i3blocks, .polybar, .tmux] {
            #expect(try render(format, hide: true) == "\n", "\(format.name)")
        }
        #expect(try render(.i3bar, hide: true) == "[]\n")
        #expect(try render(.i3statusRS, hide: true) == #"{"icon":"","state":"Idle","text":"","short_text":""}"# + "\n")
        #expect(try render(.prompt, hide: true).isEmpty && render(.prompt, hide: false).isEmpty, "prompt hides either way")
    }

    @Test("without the flag the bar says so in grey, as before")
    func shown() throws {
        #expect(try render(.tmux, hide: false) == "#[bg=#303030] #[fg=#9e9e9e]nothing open #[default]\n")
        #expect(try render(.i3blocks, hide: false) == "nothing open\n0/0 open\n#9e9e9e\n")
    }

    @Test("venues to show are shown whatever the flag; plain and JSON ignore it")
    func onlyWhenEmpty() throws {
        #expect(try render(.prompt, hide: true, openNow: false) != "")
        #expect(try render(.waybar, hide: true, openNow: false).contains(#""text":"15 of 15 open"#) == false)
        #expect(try render(.waybar, hide: true, openNow: false).hasPrefix(#"{"text":"0 of 15 open""#))
        #expect(try render(.plain, hide: true).contains("No venues to show."))
        #expect(try render(.json, hide: true).contains(#""venues":[]"#))
    }
}
