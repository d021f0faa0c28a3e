import Glibc
import Testing
import VenueReports
@testable import VenuectlApp
@testable import VenuedProtocol

/// The prompt's path writes its request straight from argv; it must be byte for byte the
/// line `StatusQuery.request` writes for the same options, so venued answers both from
/// one cached line and the two cannot drift apart.
@Suite struct PromptPathLine {
    static let cases: [(arguments: [String], venues: [String], switches: [String], format: StatusFormat)] = [
        (["--format", "prompt"], [], [], .prompt),
        (["commons", "--format", "tmux"], ["commons"], [], .tmux),
        (["--open-now", "--halls", "--format", "waybar", "hill", "1920"], ["hill", "1920"], ["open_now", "halls"], .waybar),
        (["--retail", "--hide-empty", "--format", "i3blocks"], [], ["retail", "hide_empty"], .i3blocks),
        (["Joe's \"Café\"", "--format", "polybar"], ["Joe's \"Café\""], [], .polybar),
        (["--format", "i3bar", "--open-now"], [], ["open_now"], .i3bar),
    ]

    func line(_ arguments: [String]) -> String? {
        var argv: [UnsafeMutablePointer<CChar>?] = (["venuectl", "status"] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        return argv.withUnsafeMutableBufferPointer { buffer in
            PromptPath.request(Int32(buffer.count - 1), buffer.baseAddress!)?.0
        }
    }

    @Test(arguments: cases.indices)
    func theLineIsTheQuerysLine(index: Int) {
        let (arguments, venues, switches, format) = Self.cases[index]
        var options = StatusOptions()
        options.venues = venues
        options.openNow = switches.contains("open_now")
        if switches.contains("halls") { options.kinds.insert(.diningHall) }
        if switches.contains("retail") { options.kinds.insert(.retail) }
        options.hideEmpty = switches.contains("hide_empty")
        #expect(line(arguments) == StatusQuery.request(.status, options, presentation: StatusPresentation(format: format)), "\(arguments)")
    }

    @Test func whatItDoesNotTakeGoesTheOrdinaryWay() {
        for arguments in [["--format", "plain"], ["--json"], ["--favorites", "--format", "prompt"], ["--format"], ["--soon", "5", "--format", "tmux"],
                          ["a", "a", "--format", "tmux"], ["--format", "template"], [], ["-x", "--format", "prompt"],
                          ["--details", "--format", "prompt"]] {
            #expect(line(arguments) == nil, "\(arguments)")
        }
    }
}
