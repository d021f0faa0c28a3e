import Foundation
import Testing

/// `$XDG_CONFIG_HOME/venued/venuectl.conf`, the remembered view: defaults for status
/// that flags override, and one `path:line:` error line (exit 2) for anything wrong.
@Suite struct VenuectlConfigTests {
    let root: String
    var configFile: String { root + "/venued/venuectl.conf" }
    var environment: [String: String] { ["XDG_CONFIG_HOME": root] }
    static let base = ["status", "--data", VenuectlProcess.fixture, "--at", "2023-09-18T16:45"]

    init() throws {
        root = try VenuectlProcess.scratch()
        try FileManager.default.createDirectory(atPath: root + "/venued", withIntermediateDirectories: true)
    }

    func write(_ text: String) throws { try text.write(toFile: configFile, atomically: true, encoding: .utf8) }

    func venuectl(_ arguments: [String]) throws -> VenuectlProcess.Run {
        try VenuectlProcess.run(Self.base + arguments, environment: environment)
    }

    @Test func theFileSetsDefaultsAndFlagsWin() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("""
            # my view
            filter = halls
            format = json

            soon = 30
            near = 39.9522,-75.1932
            """)
        let run = try venuectl([])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.venues.count == 6 && run.venues.allSatisfy { $0["kind"] as? String == "dining_hall" })
        #expect(run.venues.first?["distance_m"] != nil, "near from the file")
        #expect(try venuectl(["--retail"]).venues.count == 9, "a filter flag replaces the file's filter")
        #expect(try venuectl(["--all"]).venues.count == 15)
        #expect(try venuectl(["lauder"]).venues.map { $0["id"] as? Int } == [1442], "a VENUE replaces the file's filter")
        #expect(try venuectl(["--format", "prompt", "lauder"]).stdout == "Lauder College House opens 5pm\n")
        // soon = 30: at 16:45 Houston Market (closes 19:30) is not closing soon, English House is closed.
        let soon = try venuectl(["--at", "2023-09-18T19:05", "--retail", "houston"])
        #expect(soon.venues.first?["closing_soon"] as? Bool == true)
        #expect(try venuectl(["--at", "2023-09-18T19:05", "--retail", "houston", "--soon", "15"]).venues.first?["closing_soon"] as? Bool == false)
    }

    @Test func aTemplateAndAZoneCanBeDefaults() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("template = {id} {state} {changes_at}\ntz = Asia/Tokyo\n")
        #expect(try venuectl(["593"]).stdout == "593 closed 2023-09-18T17:00:00+09:00\n")
        #expect(try venuectl(["593", "--json"]).json["tz"] as? String == "Asia/Tokyo")
    }

    @Test(arguments: [
        ("fromat = json", "venuectl.conf:1: unknown key 'fromat' (the keys are filter, format, template, soon, tz, near, hide_empty, dishes, dish_lead, notify_venues, notify_events, notify_before)"),
        ("filter = nearby", "venuectl.conf:1: filter must be all, open-now, favorites, halls or retail, not 'nearby'"),
        ("soon = soonish", "venuectl.conf:1: soon = soonish: --soon takes whole minutes from 0 to 1440, not 'soonish'"),
        ("format = xml", "venuectl.conf:1: format = xml: unknown format 'xml'"),
        ("near = here", "venuectl.conf:1: near = here: --near takes LAT,LON"),
        ("template = {nope}", "venuectl.conf:1: template = {nope}: unknown placeholder '{nope}'"),
        ("format json", "venuectl.conf:1: not a 'key = value' line (a comment line starts with '#')"),
        ("soon = 5\nsoon = 6", "venuectl.conf:2: 'soon' is already set on line 1"),
    ])
    func aWrongKeyOrValueIsOneLineNamingFileAndLine(text: String, message: String) throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write(text + "\n")
        // Even when a flag would override it: a broken file should not go unnoticed.
        let run = try venuectl(["--soon", "5", "--format", "plain"])
        #expect(run.code == 2 && run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("venuectl: \(configFile)") && run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.filter { $0 == "\n" }.count == 1)
        let help = try venuectl(["--help"])
        #expect(help.code == 0 && help.stdout.contains("venuectl.conf"), "help works with a broken file")
    }

    /// A line that is not a setting may be anything (the file may not be a config file
    /// at all): the error gives its number, never its text.
    @Test func aLineThatIsNotASettingIsNeverQuoted() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("soon = 10\nghp_SECRETTOKEN\n")
        let run = try venuectl(["593"])
        #expect(run.code == 2 && run.stderr == "venuectl: \(configFile):2: not a 'key = value' line (a comment line starts with '#') (see 'venuectl status --help')\n")
        #expect(!run.stderr.contains("SECRET"))
    }

    @Test func anUnknownZoneFromTheFileIsNamedWithItsLine() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("soon = 10\ntz = Mars/Base\n")
        let run = try venuectl(["593"])
        #expect(run.code == 2 && run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("venuectl: \(configFile):2: tz = Mars/Base: unknown time zone 'Mars/Base'"), "\(run.stderr)")
        #expect(try venuectl(["593", "--tz", "America/New_York"]).code == 0, "the flag overrides the key")
        #expect(try venuectl(["593", "--tz", "Venus/Base"]).stderr.hasPrefix("venuectl: unknown time zone 'Venus/Base'"), "a flag's zone is the flag's")
    }

    @Test func helpDocumentsEveryKey() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let help = try venuectl(["--help"]).stdout
        for key in ["filter", "format", "template", "soon", "tz", "near"] { #expect(help.contains("\n  \(key) "), "\(key)") }
    }
}
