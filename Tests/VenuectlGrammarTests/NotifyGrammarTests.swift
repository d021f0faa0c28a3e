import Testing
import VenueReports
import VenuectlApp
@testable import VenuectlGrammar

/// `venuectl notify`'s settings: its flags, and venuectl.conf's `notify_*` keys that
/// stand for them, with the same checks and one `path:line:` line when wrong.
@Suite struct NotifyGrammarTests {
    private func usage(_ arguments: [String], config: String? = nil) -> String? {
        let home = config.map(ConfigHome.init)
        defer { home?.remove() }
        do {
            _ = try NotifyOptions.parse(arguments, environment: home.map { ["XDG_CONFIG_HOME": $0.path] } ?? [:])
            return nil
        } catch {
            switch error {
            case .usage(let message, _), .config(let message): return message
            default: return "\(error)"
            }
        }
    }

    @Test func theDefaultsAreFavoritesEveryEventAndFifteenThenFive() throws {
        let options = try NotifyOptions.parse([], environment: [:])
        #expect(options.venues == .favorites && options.events == [.opens, .closes, .hours, .dish] && options.before == [15, 5])
    }

    @Test func eachFlagSetsItsSetting() throws {
        let options = try NotifyOptions.parse(["--venues", "halls", "--events", "closes,opens", "--before", "5,30,5", "--count", "2"], environment: [:])
        #expect(options.venues == .kinds([.diningHall]) && options.events == [.opens, .closes] && options.count == 2)
        // Largest first, once each: the countdown's steps in the order they come.
        #expect(options.before == [30, 5])
        #expect(try NotifyOptions.parse(["--venues", "1920, hill ,593"], environment: [:]).venues == .named(["1920", "hill", "593"]))
    }

    @Test func badValuesNameTheFlag() {
        #expect(usage(["--before", "0"]) == "--before takes whole minutes from 1 to 240 separated by commas (15,5), not '0'")
        #expect(usage(["--before", "15,,5"]) == "--before takes whole minutes from 1 to 240 separated by commas (15,5), not '15,,5'")
        #expect(usage(["--before", "1,2,3,4,5"]) == "--before takes at most 4 reminders, not '1,2,3,4,5'")
        #expect(usage(["--events", "opens,closing"]) == "--events takes opens, closes, hours and dish separated by commas, not 'opens,closing'")
        #expect(usage(["--venues", ","]) == "--venues takes favorites, all, halls, retail or venue names and ids separated by commas, not ','")
        #expect(usage(["commons"]) == "notify takes no VENUE arguments: choose venues with --venues (e.g. --venues 'commons')")
    }

    @Test func theFileSetsThemAndFlagsWin() throws {
        let home = ConfigHome("# notify me\nnotify_venues = all\nnotify_before = 20\nnotify_events = closes\nfilter = halls\n")
        defer { home.remove() }
        let environment = ["XDG_CONFIG_HOME": home.path]
        let fromFile = try NotifyOptions.parse([], environment: environment)
        #expect(fromFile.venues == .all && fromFile.before == [20] && fromFile.events == [.closes])
        let flagged = try NotifyOptions.parse(["--before", "10"], environment: environment)
        #expect(flagged.before == [10] && flagged.venues == .all)
        // status's keys stay status's, notify's stay notify's.
        let (status, _) = try StatusOptions.parse([], environment: environment)
        #expect(status.kinds == [.diningHall])
    }

    @Test func aBadKeyIsBlamedOnItsLineByBothCommands() {
        let home = ConfigHome("notify_before = 15\nnotify_before = 5\n")
        defer { home.remove() }
        let message = "\(home.path)/venued/venuectl.conf:2: 'notify_before' is already set on line 1"
        do {
            _ = try NotifyOptions.parse([], environment: ["XDG_CONFIG_HOME": home.path])
            Issue.record("a repeated key was accepted")
        } catch {
            // A line of the file is a configuration error, said with its place (exit 2).
            #expect(error == .config(message) || error == .usage(message))
            #expect(CLIError.answer(error).exitCode == 2)
        }
        #expect(usage([], config: "notify_before = 15,zero\n")?.hasSuffix(":1: notify_before = 15,zero: --before takes whole minutes from 1 to 240 separated by commas (15,5), not '15,zero'") == true)
        #expect(usage([], config: "notify_when = always\n")?.contains("unknown key 'notify_when' (the keys are filter, format, template, soon, tz, near, hide_empty, dishes, dish_lead, notify_venues, notify_events, notify_before)") == true)
        // status reads the same file: the broken notify key stops it too, on its line.
        let broken = ConfigHome("notify_events = sometimes\n")
        defer { broken.remove() }
        do {
            _ = try StatusOptions.parse([], environment: ["XDG_CONFIG_HOME": broken.path])
            Issue.record("status accepted a file with a bad notify key")
        } catch {
            let text: String
            switch error {
            case .usage(let message, _), .config(let message): text = message
            default: Issue.record("\(error)"); return
            }
            #expect(text.hasPrefix("\(broken.path)/venued/venuectl.conf:1: notify_events = sometimes: --events takes"))
        }
    }

    @Test func helpWorksWithABrokenFile() throws {
        let home = ConfigHome("notify_before = never\n")
        defer { home.remove() }
        #expect(try NotifyOptions.parse(["--help"], environment: ["XDG_CONFIG_HOME": home.path]).help)
    }
}
