import DiningHours
import Glibc
import Testing
import VenueReports
import VenuectlApp
import VenuectlGrammar

/// `venuectl status`'s flag table and venuectl.conf, in-process: what each flag sets,
/// what each refuses, and how the file's defaults yield to the command line.
@Suite struct StatusGrammarTests {
    private func parse(_ arguments: [String], config: String? = nil) throws(AnswerError) -> (StatusOptions, [String: String]) {
        guard let config else { return try StatusOptions.parse(arguments, environment: [:]) }
        let home = ConfigHome(config)
        defer { home.remove() }
        return try StatusOptions.parse(arguments, environment: ["XDG_CONFIG_HOME": home.path])
    }

    private func usage(_ arguments: [String], config: String? = nil) -> String? {
        do { _ = try parse(arguments, config: config); return nil } catch {
            let exitCode = CLIError.answer(error).exitCode
            guard exitCode == 2 else { return "exit \(exitCode): \(error)" }
            return "\(error)"
        }
    }

    @Test func eachFlagSetsItsOption() throws {
        let (options, _) = try parse(["commons", "--open-now", "--halls", "--near", "39.95,-75.19", "--soon", "20",
                                      "--at", "2023-09-18T12:00", "--tz", "Europe/London", "--no-estimate", "--format", "tmux"])
        #expect(options.venues == ["commons"])
        #expect(options.openNow && options.kinds == [.diningHall] && !options.estimate)
        #expect(options.soonMinutes == 20 && options.at == "2023-09-18T12:00" && options.tz == "Europe/London")
        #expect(options.format == .tmux && options.near != nil)
    }

    @Test func allClearsTheFiltersBeforeIt() throws {
        let (options, _) = try parse(["--open-now", "--favorites", "--retail", "--all"])
        #expect(!options.openNow && !options.favorites && options.kinds.isEmpty)
    }

    @Test func formatsAndTemplatesAreOneChoice() throws {
        #expect(try parse(["--json"]).0.format == .json)
        #expect(try parse(["--format=waybar"]).0.format == .waybar)
        guard case .template(let template) = try parse(["--template", "{name} {state}"]).0.format else {
            Issue.record("--template did not set a template")
            return
        }
        #expect(template.text == "{name} {state}")
    }

    @Test func badValuesAreUsageErrorsThatNameTheFlag() {
        #expect(usage(["--soon", "1441"])?.contains("--soon") == true)
        #expect(usage(["--soon", "-1"])?.contains("--soon") == true)
        #expect(usage(["--format", "xml"])?.contains("unknown format 'xml'") == true)
        #expect(usage(["--bogus"])?.contains("unknown option '--bogus'") == true)
        #expect(usage(["--json=yes"])?.contains("takes no value") == true)
        #expect(usage(["--tz"])?.contains("needs a value") == true)
    }

    @Test func operandsAfterDoubleDashAreVenues() throws {
        #expect(try parse(["--", "--open-now"]).0.venues == ["--open-now"])
    }

    @Test func configDefaultsApplyAndYieldToFlags() throws {
        let config = "filter = open-now\nformat = prompt\nsoon = 30\n"
        let (fromFile, applied) = try parse([], config: config)
        #expect(fromFile.openNow && fromFile.format == .prompt && fromFile.soonMinutes == 30)
        #expect(applied["soon"]?.hasSuffix("venuectl.conf:3") == true)
        let (overridden, _) = try parse(["--all", "--json", "--soon", "5"], config: config)
        #expect(!overridden.openNow && overridden.format == .json && overridden.soonMinutes == 5)
        // A VENUE argument replaces the file's filter, not its format.
        let (named, _) = try parse(["commons"], config: config)
        #expect(!named.openNow && named.format == .prompt)
    }

    @Test func aBadConfigLineIsBlamedOnItsLine() {
        let message = usage([], config: "# mine\nsoon = lots\n")
        #expect(message?.contains("venuectl.conf:2: soon = lots") == true, "\(message ?? "no error")")
        #expect(usage([], config: "colour = red\n")?.contains("unknown key 'colour'") == true)
    }

    @Test func hideEmptyIsAFlagAndAYesOrNoKey() throws {
        #expect(try parse(["--hide-empty"]).0.hideEmpty)
        #expect(try parse([], config: "hide_empty = yes\n").0.hideEmpty)
        #expect(try !parse([], config: "hide_empty = no\n").0.hideEmpty)
        #expect(usage([], config: "hide_empty = sometimes\n")?.contains("venuectl.conf:1: hide_empty must be yes or no, not 'sometimes'") == true)
    }

    @Test func dishesAreAFlagAndAYesOrNoKeyWithTheirLead() throws {
        #expect(try parse(["--dishes"]).0.dishes)
        #expect(try parse([], config: "dishes = yes\ndish_lead = 45\n").0.dishes)
        #expect(try parse([], config: "dishes = yes\ndish_lead = 45\n").0.dishLeadMinutes == 45)
        #expect(try !parse([], config: "dishes = no\n").0.dishes)
        #expect(try parse(["--dish-lead", "10"], config: "dish_lead = 45\n").0.dishLeadMinutes == 10)
        #expect(usage([], config: "dishes = often\n")?.contains("venuectl.conf:1: dishes must be yes or no, not 'often'") == true)
        #expect(usage(["--dish-lead", "0"])?.contains("--dish-lead takes whole minutes from 1 to 720, not '0'") == true)
    }

    @Test func theRequestedFormatIsFoundWhateverElseIsWrong() throws {
        let home = ConfigHome("format = waybar\nfilter = nearby\n")
        defer { home.remove() }
        let environment = ["XDG_CONFIG_HOME": home.path]
        #expect(StatusOptions.requestedFormat(["--bogus"], environment: environment) == .waybar, "the file's format despite its wrong line")
        #expect(StatusOptions.requestedFormat(["--format", "tmux", "--bogus"], environment: environment) == .tmux)
        #expect(StatusOptions.requestedFormat(["--format=prompt", "--json"], environment: environment) == .json, "the last one wins")
        #expect(StatusOptions.requestedFormat(["--", "--json"], environment: [:]) == nil, "a venue named --json")
        #expect(StatusOptions.requestedFormat(["--format", "xml"], environment: [:]) == nil)
    }

    @Test func anUnknownZoneFromTheFileIsBlamedOnItsLineAsAValue() throws {
        let (options, applied) = try parse([], config: "tz = Mars/Olympus\n")
        let attributed: AnswerError
        do throws(AnswerError) {
            _ = try StatusReport.zone(options.tz)
            Issue.record("Mars/Olympus resolved")
            return
        } catch {
            attributed = VenuectlConfig.attributing(error, location: applied["tz"])
        }
        guard case .unknownZone("Mars/Olympus", let location?, _) = attributed else {
            Issue.record("not attributed: \(attributed)")
            return
        }
        #expect(location.hasSuffix("venuectl.conf:1"))
        #expect(CLIError.answer(attributed).exitCode == 2)
    }
}

/// A private XDG_CONFIG_HOME holding `venued/venuectl.conf`.
struct ConfigHome {
    let path: String

    init(_ config: String) {
        var template = Array("/tmp/venuectl-grammar-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        mkdir(path + "/venued", 0o700)
        let file = fopen(path + "/venued/venuectl.conf", "w")
        fputs(config, file)
        fclose(file)
    }

    func remove() {
        unlink(path + "/venued/venuectl.conf")
        rmdir(path + "/venued")
        rmdir(path)
    }
}
