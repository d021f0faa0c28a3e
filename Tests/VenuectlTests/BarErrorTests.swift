import Foundation
import Testing

/// A wrong line in venuectl.conf, or a mistyped venue in a bar's command line, is shown
/// in the bar's format (exit 0) while plain and JSON still stop with exit 2.
@Suite struct BarErrorInBarsTests {
    let root: String
    var environment: [String: String] { ["XDG_CONFIG_HOME": root] }
    static let base = ["status", "--data", VenuectlProcess.fixture, "--at", "2023-09-18T16:45"]

    init() throws {
        root = try VenuectlProcess.scratch()
        try FileManager.default.createDirectory(atPath: root + "/venued", withIntermediateDirectories: true)
        try "format = waybar\nfilter = nearby\n".write(toFile: root + "/venued/venuectl.conf", atomically: true, encoding: .utf8)
    }

    @Test func aBadConfigLineIsShownInTheBarItsFormatKeyNames() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try VenuectlProcess.run(Self.base, environment: environment)
        #expect(run.code == 0, "bars hide a failing command")
        let object = (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) as? [String: Any]
        #expect(object?["text"] as? String == "venuectl: config error" && object?["class"] as? String == "error", "\(run.stdout)")
        #expect(run.stderr == "venuectl: \(root)/venued/venuectl.conf:2: filter must be all, open-now, favorites, halls or retail, not 'nearby' (see 'venuectl status --help')\n")
    }

    @Test(arguments: [("prompt", "venuectl: config error"), ("tmux", "#[bg=#303030] #[fg=#f44336]venuectl: config error #[default]"),
                      ("polybar", "%{F#f44336}venuectl: config error%{F-}"), ("i3blocks", "venuectl: config error\nconfig error\n#f44336")])
    func aFormatFlagWinsOverTheFilesFormat(format: String, shown: String) throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try VenuectlProcess.run(Self.base + ["--format", format], environment: environment)
        #expect(run.code == 0 && run.stdout == shown + "\n", "\(run.stdout)")
    }

    @Test func plainAndJSONStillStopWithExitTwo() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        for format in [["--format", "plain"], ["--json"], ["--template", "{name}"]] {
            let run = try VenuectlProcess.run(Self.base + format, environment: environment)
            #expect(run.code == 2 && run.stdout.isEmpty, "\(format)")
        }
    }

    @Test func aMistypedVenueInABarsCommandIsShownToo() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try VenuectlProcess.run(Self.base + ["--format", "prompt", "comons"])
        #expect(run.code == 0 && run.stdout == "venuectl: unknown venue\n")
        #expect(run.stderr.hasPrefix("venuectl: no venue matches 'comons': did you mean"))
    }
}
