import Foundation
import Testing
@testable import VenuectlApp
import VenueReports

/// An error that stops `status` is shown in the bar's or prompt's own format, so a
/// module whose stderr goes to /dev/null is not silently blank.
@Suite struct BarErrorTests {
    static let config = CLIError.answer(.config("/home/ann/.config/venued/venuectl.conf:2: filter must be all, open-now, favorites, halls or retail, not 'a<b'"))

    @Test func waybarShowsItInRedByClassWithTheWholeLineInTheTooltip() throws {
        let line = try #require(BarError.render(Self.config, in: .waybar))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["text"] as? String == "venuectl: config error")
        #expect(object["class"] as? String == "error" && object["alt"] as? String == "error")
        #expect(object["tooltip"] as? String == "/home/ann/.config/venued/venuectl.conf:2: filter must be all, open-now, favorites, halls or retail, not 'a&lt;b' (see 'venuectl status --help')",
                "Pango-escaped, as every waybar text")
    }

    @Test func everyOtherBarAndThePromptSayItShortAndRed() {
        #expect(BarError.render(Self.config, in: .prompt) == "venuectl: config error\n")
        #expect(BarError.render(Self.config, in: .i3blocks) == "venuectl: config error\nconfig error\n#f44336\n")
        #expect(BarError.render(Self.config, in: .polybar) == "%{F#f44336}venuectl: config error%{F-}\n")
        #expect(BarError.render(Self.config, in: .tmux) == "#[bg=#303030] #[fg=#f44336]venuectl: config error #[default]\n")
        #expect(BarError.render(Self.config, in: .i3bar)?.hasPrefix(#"[{"name":"venued","instance":"error","full_text":"venuectl: config error""#) == true)
        #expect(BarError.render(Self.config, in: .i3statusRS)?.contains(#""state":"Critical""#) == true)
    }

    @Test func plainJSONAndTemplatesKeepTheirExitCodes() throws {
        #expect(BarError.render(Self.config, in: .plain) == nil && BarError.render(Self.config, in: .json) == nil)
        #expect(BarError.render(Self.config, in: .template(try StatusTemplate("{name}"))) == nil)
    }

    @Test func theBriefSaysWhereToLook() {
        #expect(BarError.brief(.answer(.unknownZone("Mars/Base", location: "venuectl.conf:1"))) == "config error", "a zone from the file is the file's")
        #expect(BarError.brief(.answer(.unknownZone("Mars/Base", location: nil))) == "unknown time zone")
        #expect(BarError.brief(.answer(.unknownVenue("comons", suggestions: []))) == "unknown venue")
        #expect(BarError.brief(.usage("--soon takes whole minutes")) == "usage error")
    }
}
