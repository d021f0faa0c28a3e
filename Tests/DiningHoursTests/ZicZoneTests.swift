import VenueReports
@testable import DiningHours
import Foundation
import Testing

/// Zones compiled on purpose by the real `zic` and read through the engine, against what
/// the tz database's own tools say about them: `zdump -v` lists every change with its
/// UTC and local time and offset. Where glibc's zdump misreads a closing rule (`J365/25`,
/// `M12.5.0/167`, a file that lists no transitions), the
/// oracle is zdump's listing of a twin zone whose rules are written out year by year to
/// 2200, so that zic lists every change and no rule is read. Each zone is compiled
/// `-b slim` (only what the rule cannot say is listed) and `-b fat` (listed to 2037).
@Suite(.enabled(if: Zic.available, "needs /usr/sbin/zic and /usr/bin/zdump (Debian's libc-bin)"))
struct ZicZoneTests {
    /// 1900-01-01 and 2200-01-01: the span `zdump -c 1900,2200` lists.
    static let from = -2_208_988_800, to = 7_258_118_400

    private func expectAgreement(_ rules: ZoneRules, zdump path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let listed = try Zdump.changes(path, from: Self.from, to: Self.to)
        Oracle.expectAgreement(rules, with: listed, from: Self.from, to: Self.to, sourceLocation: sourceLocation)
    }

    /// A gap at 02:00 and a fold at 20:00 on the same Sunday: the offset a day either side
    /// is the same, and every wall time between the two changes is read in daylight time.
    @Test(arguments: Zic.Bloat.allCases)
    func twoChangesInOneDayAreBothHonoured(bloat: Zic.Bloat) throws {
        let zones = try Zic.compile("""
            Rule Two 2020 max - Mar Sun>=8 2:00 1:00 D
            Rule Two 2020 max - Mar Sun>=8 20:00 0 S
            Zone Test/TwoADay -4:56:02 - LMT 1883 Nov 18 12:03:58
                -5:00 Two E%sT
            """, bloat: bloat)
        defer { zones.remove() }
        let rules = try zones.rules("Test/TwoADay")
        // 2030-03-10 (the second Sunday): 02:30 is skipped, 10:00 is EDT, 19:30 happens
        // twice (EDT first), 20:30 is EST again; 2150 is the rule's, past the table.
        #expect(rules.iso8601(at("2030-03-10T02:30:00", rules)) == "2030-03-10T03:30:00-04:00")
        #expect(rules.iso8601(at("2030-03-10T10:00:00", rules)) == "2030-03-10T10:00:00-04:00")
        #expect(rules.iso8601(at("2030-03-10T19:30:00", rules)) == "2030-03-10T19:30:00-04:00")
        #expect(rules.iso8601(at("2030-03-10T20:30:00", rules)) == "2030-03-10T20:30:00-05:00")
        #expect(rules.iso8601(at("2150-03-08T10:00:00", rules)) == "2150-03-08T10:00:00-04:00")
        #expect(rules.iso8601(at("2150-03-08T19:30:00", rules)) == "2150-03-08T19:30:00-04:00")
        try expectAgreement(rules, zdump: zones.path("Test/TwoADay"))
    }

    /// Three changes within 19 hours (02:00 +1 h, 12:00 +1 h more, 20:00 back): a wall
    /// time is resolved however many changes lie near it.
    @Test(arguments: Zic.Bloat.allCases)
    func threeChangesInOneDayAreAllHonoured(bloat: Zic.Bloat) throws {
        let zones = try Zic.compile("""
            Rule Three 2020 max - Apr Sun>=1 2:00 1:00 D
            Rule Three 2020 max - Apr Sun>=1 12:00 2:00 DD
            Rule Three 2020 max - Apr Sun>=1 20:00 0 S
            Zone Test/ThreeADay -4:56:02 - LMT 1883 Nov 18 12:03:58
                -5:00 Three E%sT
            """, bloat: bloat)
        defer { zones.remove() }
        let rules = try zones.rules("Test/ThreeADay")
        #expect(rules.iso8601(at("2030-04-07T12:30:00", rules)) == "2030-04-07T13:30:00-03:00")
        #expect(rules.iso8601(at("2030-04-07T18:30:00", rules)) == "2030-04-07T18:30:00-03:00")
        try expectAgreement(rules, zdump: zones.path("Test/ThreeADay"))
    }

    /// Rules that end in 2120 are listed to 2120, and the closing rule (other dates)
    /// speaks only after them: 2100–2120 follows the listed April–October changes.
    @Test(arguments: Zic.Bloat.allCases)
    func transitionsListedPast2100AreHonouredBeforeTheRule(bloat: Zic.Bloat) throws {
        let zones = try Zic.compile("""
            Rule Early 2000 2120 - Apr Sun>=1 2:00 1:00 D
            Rule Early 2000 2120 - Oct lastSun 2:00 0 S
            Rule Late 2121 max - Mar Sun>=8 2:00 1:00 D
            Rule Late 2121 max - Nov Sun>=1 2:00 0 S
            Zone Test/ListedLate -4:56:02 - LMT 1883 Nov 18 12:03:58
                -5:00 Early E%sT 2121
                -5:00 Late E%sT
            """, bloat: bloat)
        defer { zones.remove() }
        let rules = try zones.rules("Test/ListedLate")
        #expect(rules.offset(at: at("2110-03-20T12:00:00Z")) == -18_000)   // the rule would say EDT
        #expect(rules.offset(at: at("2110-10-29T12:00:00Z")) == -18_000)   // the rule would say EDT
        #expect(rules.offset(at: at("2110-07-01T12:00:00Z")) == -14_400)
        #expect(rules.offset(at: at("2130-03-20T12:00:00Z")) == -14_400)   // the rule's years
        try expectAgreement(rules, zdump: zones.path("Test/ListedLate"))
    }

    /// tzfile(5): a file that lists no transitions is its closing rule at every instant
    /// (glibc keeps the first local time type instead, and so does its zdump). This zic
    /// lists at least one transition even here, so the file is zic's closing rule in a file
    /// of no transitions whose one local time type no rule gives (LMT); the oracle is the
    /// fat file, which lists 1900–2037 itself.
    @Test func aFileWithoutTransitionsFollowsItsRuleAtEveryInstant() throws {
        let source = """
            Rule Always min max - Mar Sun>=8 2:00 1:00 D
            Rule Always min max - Nov Sun>=1 2:00 0 S
            Zone Test/RuleOnly -5:00 Always E%sT
            """
        let slim = try Zic.compile(source, bloat: .slim), fat = try Zic.compile(source, bloat: .fat)
        defer { slim.remove(); fat.remove() }
        let footer = try #require(String(decoding: slim.bytes("Test/RuleOnly"), as: UTF8.self).split(separator: "\n").last)
        #expect(footer == "EST5EDT,M3.2.0,M11.1.0")
        let rules = try ZoneRules(identifier: "Test/RuleOnly", tzif: Zic.ruleOnlyFile(footer: String(footer), firstOffset: -17_762))
        #expect(rules.offset(at: at("1850-07-01T12:00:00Z")) == -14_400)
        #expect(rules.offset(at: at("2023-01-01T12:00:00Z")) == -18_000)
        #expect(rules.iso8601(at("2023-03-12T02:30:00", rules)) == "2023-03-12T03:30:00-04:00")
        try expectAgreement(rules, zdump: fat.path("Test/RuleOnly"))
    }

    /// Closing rules whose switches cross a year boundary, hold all year or come in the
    /// southern order, read past the table (2100) as in it: the zone compiled slim and
    /// fat against its twin, written out year by year to 2200.
    @Test(arguments: RuleCase.all)
    func closingRulesAgreeWithTheirWrittenOutTwins(rule: RuleCase) throws {
        func source(_ name: String, _ years: String) -> String {
            rule.rules.replacingOccurrences(of: "YEARS", with: years).replacingOccurrences(of: "NAME", with: name)
                + "\nZone Test/\(name) -4:56:02 - LMT 1883 Nov 18 12:03:58\n    -5:00 \(name) E%sT\n"
        }
        let twin = try Zic.compile(source("Twin", "min 2200"), bloat: .fat)
        defer { twin.remove() }
        let listed = try Zdump.changes(twin.path("Test/Twin"), from: Self.from, to: Self.to)
        for bloat in Zic.Bloat.allCases {
            let zones = try Zic.compile(source("Plain", "min max"), bloat: bloat)
            defer { zones.remove() }
            let rules = try zones.rules("Test/Plain")
            #expect(String(decoding: try zones.bytes("Test/Plain"), as: UTF8.self).hasSuffix("\n\(rule.footer)\n"), "\(bloat)")
            for (time, offset) in rule.probes { #expect(rules.offset(at: at(time)) == offset, "\(bloat) \(time)") }
            Oracle.expectAgreement(rules, with: listed, from: Self.from, to: Self.to, zone: "\(bloat) \(rule.footer)")
        }
    }

    struct RuleCase: Sendable, CustomTestStringConvertible {
        let footer: String
        let rules: String
        let probes: [(String, Int)]
        var testDescription: String { footer }

        static let all = [
            // Daylight time from 22:00 on 31 December of the year before until March.
            RuleCase(footer: "EST5EDT,0/-2,M3.5.0", rules: """
                Rule NAME YEARS - Jan 1 -2:00 1:00 D
                Rule NAME YEARS - Mar lastSun 2:00 0 S
                """, probes: [("2150-12-31T23:30:00Z", -18_000), ("2151-01-01T03:30:00Z", -14_400), ("2150-02-01T00:00:00Z", -14_400)]),
            // From 167 hours after the last Sunday of December: the first days of January.
            RuleCase(footer: "EST5EDT,M12.5.0/167,M3.5.0", rules: """
                Rule NAME YEARS - Dec lastSun 167:00 1:00 D
                Rule NAME YEARS - Mar lastSun 2:00 0 S
                """, probes: [("2150-12-31T12:00:00Z", -18_000), ("2151-01-05T12:00:00Z", -14_400), ("2150-04-01T12:00:00Z", -18_000)]),
            // Daylight time all year, as RFC 8536 §3.3.1 spells it.
            RuleCase(footer: "EST5EDT,0/0,J365/25", rules: """
                Rule NAME YEARS - Jan 1 0:00 1:00 D
                Rule NAME YEARS - Dec 31 25:00 0 S
                """, probes: [("2150-01-01T04:30:00Z", -14_400), ("2150-07-01T00:00:00Z", -14_400), ("2152-12-31T23:59:59Z", -14_400)]),
            // The southern hemisphere's order, and a negative switch time (as Nuuk's rule has).
            RuleCase(footer: "EST5EDT,M10.1.0/-1,M3.5.0/0", rules: """
                Rule NAME YEARS - Oct Sun>=1 -1:00 1:00 D
                Rule NAME YEARS - Mar lastSun 0:00 0 S
                """, probes: [("2150-01-15T12:00:00Z", -14_400), ("2150-07-01T00:00:00Z", -18_000)]),
        ]
    }

    /// 40 zones of the system's database (eight named for their rules, 32 spread over the
    /// sorted list of the others, links left out), every change zdump lists from 1970 to
    /// 2150: the offset at it and a second before, no change zdump does not list, and
    /// wall times in and around each gap and fold.
    @Test func systemZonesAgreeWithZdump() throws {
        let directory = ZoneDatabase.defaultDirectory
        let named = ["America/New_York", "Africa/Casablanca", "Europe/Dublin", "America/Nuuk", "Australia/Lord_Howe",
                     "Antarctica/Troll", "Asia/Jerusalem", "Pacific/Apia"]
        let all = try Zic.systemZones(directory, excluding: named)
        try #require(all.count >= 100, "\(directory) holds \(all.count) zones")
        let zones = named + (0..<32).map { all[$0 * all.count / 32] }
        let from = 0, to = 5_680_281_600   // 1970-01-01, 2150-01-01
        let listings = try Zdump.changes(zones.map { directory + "/" + $0 }, from: from, to: to)
        var checked = 0
        for zone in zones {
            let rules = try ZoneDatabase(directory: directory).rules(zone)
            let changes = try #require(listings[directory + "/" + zone], "\(zone)")
            checked += Oracle.expectAgreement(rules, with: changes, from: from, to: to, zone: zone)
        }
        #expect(checked > 5_000)
    }

    /// What a calendar's VTIMEZONE lists: every change of offset zdump lists from 1970
    /// to 2150 in 16 zones (the eight named for their rules, among them Dublin's negative
    /// daylight time, and eight spread over the rest), with the offsets either side and
    /// the abbreviation and daylight flag zdump prints after it, whether they come from
    /// the file's table or its closing rule; and no change zdump does not list.
    @Test func systemZonesNameTheirChangesAsZdumpDoes() throws {
        let directory = ZoneDatabase.defaultDirectory
        let named = ["America/New_York", "Africa/Casablanca", "Europe/Dublin", "America/Nuuk", "Australia/Lord_Howe",
                     "Antarctica/Troll", "Asia/Jerusalem", "Pacific/Apia"]
        let all = try Zic.systemZones(directory, excluding: named)
        let zones = named + (0..<8).map { all[$0 * all.count / 8] }
        let from = 0, to = 5_680_281_600   // 1970-01-01, 2150-01-01
        let listings = try Zdump.changes(zones.map { directory + "/" + $0 }, from: from, to: to)
        for zone in zones {
            let rules = try ZoneDatabase(directory: directory).rules(zone)
            let listed = try #require(listings[directory + "/" + zone], "\(zone)").filter { $0.before != $0.after }
            let ours = rules.transitions(after: Instant(secondsSinceEpoch: from - 1), through: Instant(secondsSinceEpoch: to - 1))
            #expect(ours.map(\.at.secondsSinceEpoch) == listed.map(\.at), "\(zone)")
            for (change, expected) in zip(ours, listed) {
                let after = Observance(offset: expected.after, isDaylight: expected.isDaylight, abbreviation: expected.abbreviation)
                #expect(change.before.offset == expected.before && change.after == after, "\(zone) \(expected)")
            }
        }
    }
}

// MARK: - zic and zdump

enum Zic {
    static let zic = "/usr/sbin/zic", zdump = "/usr/bin/zdump"
    static let available = FileManager.default.isExecutableFile(atPath: zic) && FileManager.default.isExecutableFile(atPath: zdump)

    enum Bloat: String, CaseIterable, Sendable { case slim, fat }

    /// `source` compiled by `zic -b BLOAT` into a fresh directory; the test removes it
    /// (`remove`, deferred) so that no `zic-*` directory is left in the temporary directory.
    struct Compiled {
        let source: String
        let directory: String
        /// The compiled directory's parent, made for this compilation: the source and `out`.
        let root: String
        func remove() { try? FileManager.default.removeItem(atPath: root) }
        func path(_ zone: String) -> String { directory + "/" + zone }
        func bytes(_ zone: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path(zone)))) }
        func rules(_ zone: String) throws -> ZoneRules { try ZoneRules(identifier: zone, tzif: bytes(zone)) }
    }

    static func compile(_ source: String, bloat: Bloat) throws -> Compiled {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("zic-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data((source + "\n").utf8).write(to: URL(fileURLWithPath: directory + "/zones.zi"))
        do { _ = try run(zic, ["-d", directory + "/out", "-b", bloat.rawValue, directory + "/zones.zi"]) } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
        return Compiled(source: source, directory: directory + "/out", root: directory)
    }

    /// The zone files of `directory` (TZif, not under posix/ or right/), sorted by name,
    /// each content once (Debian installs links such as Asia/Tel_Aviv as copies): the
    /// first name of each, and none that `excluding` names.
    static func systemZones(_ directory: String, excluding: [String]) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory)
        var names: [String] = []
        while let name = enumerator?.nextObject() as? String {
            guard !name.hasPrefix("posix/"), !name.hasPrefix("right/"), ZoneDatabase.isPlausibleName(name) else { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            names.append(name)
        }
        var seen = Set<Data>()
        for name in excluding { seen.insert((try? Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))) ?? Data()) }
        return names.sorted().filter { name in
            guard let bytes = try? Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)), bytes.starts(with: Data("TZif".utf8)) else { return false }
            return seen.insert(bytes).inserted
        }
    }

    /// A version 3 TZif file with no transitions: one local time type and a closing rule.
    static func ruleOnlyFile(footer: String, firstOffset: Int32) -> [UInt8] {
        func be<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }
        let header = Array("TZif3".utf8) + [UInt8](repeating: 0, count: 15) + [0, 0, 0, 0, 1, 4].flatMap { be(UInt32($0)) }
        let block = be(firstOffset) + [0, 0] + Array("LMT\0".utf8)
        return header + block + header + block + Array("\n\(footer)\n".utf8)
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        try runConcurrently(tool, [arguments])[0]
    }

    /// Runs `tool` once per argument list, all at once (zdump spends a tenth of a second
    /// on each zone with a daylight rule), each writing to its own file; their outputs.
    static func runConcurrently(_ tool: String, _ argumentLists: [[String]]) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var running: [(process: Process, output: String, errors: String)] = []
        for (index, arguments) in argumentLists.enumerated() {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = arguments
            let output = "\(directory)/\(index).out", errors = "\(directory)/\(index).err"
            for path in [output, errors] { try Data().write(to: URL(fileURLWithPath: path)) }
            process.standardOutput = FileHandle(forWritingAtPath: output)
            process.standardError = FileHandle(forWritingAtPath: errors)
            try process.run()
            running.append((process, output, errors))
        }
        return try running.map { process, output, errors in
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                let complaint = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
                throw ToolFailure(description: "\(tool) \(process.arguments?.joined(separator: " ") ?? ""): \(complaint)")
            }
            return try String(contentsOfFile: output, encoding: .utf8)
        }
    }

    struct ToolFailure: Error, CustomStringConvertible { let description: String }
}

/// One change `zdump -v` lists: its first second, the offsets either side, and the local
/// time zdump prints at it.
struct ZdumpChange: CustomStringConvertible {
    let at: Int
    let before: Int
    let after: Int
    let local: LocalDateTime
    /// The abbreviation and daylight flag zdump prints after the change.
    let abbreviation: String
    let isDaylight: Bool
    var description: String { "\(Instant(secondsSinceEpoch: at)) \(before)->\(after)" }
}

enum Zdump {
    /// The changes of one zone file in `from..<to` (whole years).
    static func changes(_ path: String, from: Int, to: Int) throws -> [ZdumpChange] {
        try changes([path], from: from, to: to)[path] ?? []
    }

    /// The changes of several files, by path, from runs of zdump on ten files each.
    static func changes(_ paths: [String], from: Int, to: Int) throws -> [String: [ZdumpChange]] {
        let years = "\(LocalDateTime(wallSeconds: from).date.components.year),\(LocalDateTime(wallSeconds: to).date.components.year)"
        let chunks = stride(from: 0, to: paths.count, by: 10).map { Array(paths[$0..<min($0 + 10, paths.count)]) }
        let outputs = try Zic.runConcurrently(Zic.zdump, chunks.map { ["-v", "-c", years] + $0 })
        var lines: [String: [(ut: Int, local: LocalDateTime, offset: Int, abbreviation: String, isDaylight: Bool)]] = [:]
        for output in outputs {
            for line in output.utf8.split(separator: UInt8(ascii: "\n")) {
                guard let parsed = try parse(Array(line)) else { continue }
                lines[parsed.path, default: []].append((parsed.ut, parsed.local, parsed.offset, parsed.abbreviation, parsed.isDaylight))
            }
        }
        var result: [String: [ZdumpChange]] = [:]
        for path in paths {
            let listed = lines[path] ?? []
            // Lines come in pairs: the last second before a change, and its first second.
            try #require(listed.count % 2 == 0, "\(path): \(listed.count) lines")
            result[path] = stride(from: 0, to: listed.count, by: 2).map { index in
                ZdumpChange(at: listed[index + 1].ut, before: listed[index].offset, after: listed[index + 1].offset, local: listed[index + 1].local,
                            abbreviation: listed[index + 1].abbreviation, isDaylight: listed[index + 1].isDaylight)
            }
        }
        return result
    }

    /// `PATH  Sun Mar  8 07:00:00 2020 UT = Sun Mar  8 03:00:00 2020 EDT isdst=1 gmtoff=-14400`;
    /// nil for the `= NULL` lines of the ends of time. Bytes, not Foundation: a run lists
    /// thousands of lines.
    private static func parse(_ line: [UInt8]) throws -> (path: String, ut: Int, local: LocalDateTime, offset: Int, abbreviation: String, isDaylight: Bool)? {
        let fields = line.split(separator: UInt8(ascii: " "))
        guard fields.last?.elementsEqual("NULL".utf8) == false else { return nil }
        let text = String(decoding: line, as: UTF8.self)
        try #require(fields.count == 16 && fields[6].elementsEqual("UT".utf8) && fields[15].starts(with: "gmtoff=".utf8), "\(text)")
        func number(_ field: ArraySlice<UInt8>) throws -> Int {
            try #require(Int(String(decoding: field, as: UTF8.self)), "\(text)")
        }
        func time(_ first: Int) throws -> LocalDateTime {
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            let month = try #require(months.firstIndex { fields[first].elementsEqual($0.utf8) }, "\(text)") + 1
            let clock = fields[first + 2].split(separator: UInt8(ascii: ":"))
            try #require(clock.count == 3, "\(text)")
            let date = try #require(LocalDate(year: try number(fields[first + 3]), month: month, day: try number(fields[first + 1])), "\(text)")
            return LocalDateTime(date: date, secondOfDay: try number(clock[0]) * 3600 + number(clock[1]) * 60 + number(clock[2]))
        }
        return (String(decoding: fields[0], as: UTF8.self), try time(2).wallSeconds, try time(9), try number(fields[15].dropFirst(7)),
                String(decoding: fields[13], as: UTF8.self), fields[14].elementsEqual("isdst=1".utf8))
    }
}

// MARK: - The oracle's answers, and the comparison

enum Oracle {
    /// Compares `rules` with zdump's listing of `from..<to`: the offset at every change
    /// and a second before it, the local time zdump prints, the list of changes itself,
    /// and wall times in and around every gap and fold, resolved from zdump's offsets by
    /// the earlier-offset rule. Returns the number of comparisons.
    @discardableResult
    static func expectAgreement(_ rules: ZoneRules, with listed: [ZdumpChange], from: Int, to: Int, zone: String? = nil,
                                sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        var mismatches: [String] = []
        var count = 0
        for change in listed {
            count += 3
            if rules.offset(at: Instant(secondsSinceEpoch: change.at - 1)) != change.before { mismatches.append("offset before \(change)") }
            if rules.offset(at: Instant(secondsSinceEpoch: change.at)) != change.after { mismatches.append("offset at \(change)") }
            if rules.localDateTime(of: Instant(secondsSinceEpoch: change.at)) != change.local { mismatches.append("local time at \(change)") }
        }
        // Changes of abbreviation or isdst alone are listed too; only offsets matter here.
        let offsetChanges = listed.filter { $0.before != $0.after }
        let found = rules.changes(after: from - 1, through: to - 1).map { "\(Instant(secondsSinceEpoch: $0.at)) \($0.offset)" }
        let expected = offsetChanges.map { "\(Instant(secondsSinceEpoch: $0.at)) \($0.after)" }
        count += expected.count
        if found != expected {
            let difference = zip(found, expected).first { $0 != $1 }.map { "\($0) for \($1)" } ?? "past the shorter list"
            mismatches.append("changes: \(found.count) found, \(expected.count) listed, first difference: \(difference)")
        }
        let reference = WallClockReference(offsetChanges)
        for change in offsetChanges {
            let low = change.at + min(change.before, change.after), high = change.at + max(change.before, change.after)
            for wall in [low - 1, low, (low + high) / 2, high - 1, high] {
                count += 1
                let expected = reference.instant(for: wall)
                let found = rules.instant(for: LocalDateTime(wallSeconds: wall)).secondsSinceEpoch
                if found != expected { mismatches.append("\(LocalDateTime(wallSeconds: wall)) near \(change): \(found - expected) s off") }
            }
        }
        #expect(mismatches.isEmpty, "\(zone ?? rules.identifier): \(mismatches.count) of \(count) disagree: \(mismatches.prefix(4))",
                sourceLocation: sourceLocation)
        return count
    }
}

/// Wall time to instant from a list of offset changes, by the definition rather than by a
/// walk: of every offset in force within two days, the instants at which the clock
/// shows the wall time under that very offset; the earliest one, or, when there is none
/// (a gap), the wall time read with the offset before the change that skipped it.
struct WallClockReference {
    let changes: [ZdumpChange]
    init(_ changes: [ZdumpChange]) { self.changes = changes }

    /// The index of the first change later than `t`.
    private func index(after t: Int) -> Int {
        var low = 0, high = changes.count
        while low < high {
            let mid = (low + high) / 2
            if changes[mid].at <= t { low = mid + 1 } else { high = mid }
        }
        return low
    }

    func offset(at t: Int) -> Int {
        let next = index(after: t)
        return next == 0 ? changes.first?.before ?? 0 : changes[next - 1].after
    }

    func instant(for wall: Int) -> Int {
        let near = changes[index(after: wall - 2 * 86_400 - 1)..<index(after: wall + 2 * 86_400)]
        let offsets = Set([offset(at: wall - 2 * 86_400)] + near.flatMap { [$0.before, $0.after] })
        if let first = offsets.map({ wall - $0 }).filter({ offset(at: $0) == wall - $0 }).min() { return first }
        let skipping = near.first { $0.at + $0.before <= wall && wall < $0.at + $0.after }
        return wall - (skipping?.before ?? offset(at: wall))
    }
}
