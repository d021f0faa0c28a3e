import VenueReports
@testable import DiningHours
import Foundation
import Testing
/// The zone rules now come from the system's tz database files: the parser of their
/// closing POSIX rule, what happens past the files' last transition, and every way the
/// database can be missing or wrong. (Agreement with Foundation over 1954–2128 in ten
/// zones is in ZoneRuleTests.)
@Suite struct ZoneDataTests {
    @Test func posixRulesParse() throws {
        let newYork = try #require(PosixTZ(parsing: "EST5EDT,M3.2.0,M11.1.0"))
        #expect(newYork.standardOffset == -18_000 && newYork.daylight?.offset == -14_400)
        #expect(newYork.daylight?.start == .init(date: .monthWeekDay(month: 3, week: 2, weekday: 0), secondOfDay: 7200))
        let kolkata = try #require(PosixTZ(parsing: "IST-5:30"))
        #expect(kolkata.standardOffset == 19_800 && kolkata.daylight == nil)
        let quoted = try #require(PosixTZ(parsing: "<+0545>-5:45"))
        #expect(quoted.standardOffset == 20_700)
        // Jerusalem switches at 26:00 local, the Thursday before the last Sunday.
        let jerusalem = try #require(PosixTZ(parsing: "IST-2IDT,M3.4.4/26,M10.5.0"))
        #expect(jerusalem.daylight?.start.secondOfDay == 26 * 3600)
        // Nuuk: negative switch times (RFC 8536 §3.3.1).
        let nuuk = try #require(PosixTZ(parsing: "<-02>2<-01>,M3.5.0/-1,M10.5.0/0"))
        #expect(nuuk.daylight?.start.secondOfDay == -3600)
        let julian = try #require(PosixTZ(parsing: "XXX3YYY,J60/2,300/2"))
        #expect(julian.daylight?.start.date == .julianNoLeap(60) && julian.daylight?.end.date == .zeroBased(300))
        // RFC 8536 §3.3.1's widest: offsets and switch times of 167 hours either way.
        let widest = try #require(PosixTZ(parsing: "<-167>167<+167>-167,J365/167,0/-167"))
        #expect(widest.standardOffset == -601_200 && widest.daylight?.end.secondOfDay == -601_200)
        for bad in ["", "E5", "EST", "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,M3.2.0", "EST5EDT,M3.2.0,M11.1.0x", "<EST5",
                    "EST168", "EST5:60", "EST5EDT,M3.2.0/168,M11.1.0", "EST5EDT,M3.2.0/2:00:61,M11.1.0"] {
            #expect(PosixTZ(parsing: bad) == nil, "\(bad)")
        }
    }

    /// A rule's switch may fall in the year before (`0/-2`: 22:00 on 31 December) or
    /// after (`M12.5.0/167`); `0/0,J365/25` is daylight time all year (RFC 8536 §3.3.1).
    /// ZicZoneTests checks each against zic; these hold without it.
    @Test func ruleSwitchesAcrossTheYearBoundaryCount() throws {
        let newYearsEve = try #require(PosixTZ(parsing: "EST5EDT,0/-2,M3.5.0"))
        #expect(newYearsEve.offset(at: at("2150-12-31T23:30:00-05:00").secondsSinceEpoch) == -14_400)
        #expect(newYearsEve.offset(at: at("2150-12-31T21:30:00-05:00").secondsSinceEpoch) == -18_000)
        let lateDecember = try #require(PosixTZ(parsing: "EST5EDT,M12.5.0/167,M3.5.0"))
        // The last Sunday of 2150 is the 27th: daylight time from 2 January 23:00.
        #expect(lateDecember.offset(at: at("2151-01-02T22:30:00-05:00").secondsSinceEpoch) == -18_000)
        #expect(lateDecember.offset(at: at("2151-01-02T23:30:00-05:00").secondsSinceEpoch) == -14_400)
        let always = try #require(PosixTZ(parsing: "EST5EDT,0/0,J365/25"))
        for time in ["2150-01-01T00:30:00-05:00", "2152-12-31T23:59:59-05:00", "1800-07-01T00:00:00Z"] {
            #expect(always.offset(at: at(time).secondsSinceEpoch) == -14_400, "\(time)")
        }
        #expect(always.transitions(after: 0, through: PosixTZ.cycle).isEmpty)
    }

    /// tzfile(5): with no transitions listed, the rule speaks for every instant (glibc
    /// ignores it then); with transitions listed past 2100, they speak up to the last.
    @Test func theRuleSpeaksOnlyWhereNoTransitionIsListed() throws {
        let ruleOnly = try ZoneRules(identifier: "RuleOnly", tzif: tzifVersion2(transitions: [], footer: "EST5EDT,M3.2.0,M11.1.0"))
        #expect(ruleOnly.offset(at: at("1850-07-01T12:00:00Z")) == -14_400)
        #expect(ruleOnly.offset(at: at("2023-07-01T12:00:00Z")) == -14_400)
        #expect(ruleOnly.offset(at: at("2150-01-01T12:00:00Z")) == -18_000)
        // One listed change, to EDT, in 2110: EDT from then on until the rule speaks after it.
        let late = at("2110-01-15T12:00:00Z").secondsSinceEpoch
        let listed = try ZoneRules(identifier: "Listed", tzif: tzifVersion2(transitions: [Int64(late)], footer: "EST5EDT,M3.2.0,M11.1.0"))
        #expect(listed.offset(at: Instant(secondsSinceEpoch: late - 1)) == -18_000)
        #expect(listed.offset(at: Instant(secondsSinceEpoch: late)) == -14_400)
        #expect(listed.offset(at: Instant(secondsSinceEpoch: late + 1)) == -18_000)   // the rule: January is EST
        #expect(listed.changes(after: late - 10, through: late + 10).map(\.at) == [late, late + 1])
    }

    /// Debian's files list transitions to 2037; after that only the rule speaks.
    @Test func datesAfterTheFileFollowItsRule() throws {
        let newYork = try ZoneDatabase.system.rules("America/New_York")
        // 2050: second Sunday of March is the 13th, first Sunday of November the 6th.
        #expect(newYork.iso8601(at("2050-03-13T02:30:00", newYork)) == "2050-03-13T03:30:00-04:00")
        #expect(newYork.iso8601(at("2050-11-06T01:30:00", newYork)) == "2050-11-06T01:30:00-04:00")
        #expect(newYork.iso8601(at("2050-11-06T02:00:00", newYork)) == "2050-11-06T02:00:00-05:00")
        // Past the table (2100) the rule is applied per year: 2150-03-08 is the 2nd Sunday.
        #expect(newYork.offset(at: at("2150-07-01T12:00:00Z")) == -14_400)
        #expect(newYork.iso8601(at("2150-03-08T02:30:00", newYork)) == "2150-03-08T03:30:00-04:00")
        let sydney = try ZoneDatabase.system.rules("Australia/Sydney")
        #expect(sydney.offset(at: at("2150-01-01T00:00:00Z")) == 39_600)
        #expect(sydney.offset(at: at("2150-07-01T00:00:00Z")) == 36_000)
    }

    /// What a calendar's VTIMEZONE is made of: each change of offset with the clocks
    /// either side, named and marked daylight as the zone file says, from the file's
    /// listed transitions (2023) and from its closing rule (2150, past the table).
    @Test func changesCarryTheirAbbreviationsAndDaylightFlag() throws {
        let newYork = try ZoneDatabase.system.rules("America/New_York")
        let edt = Observance(offset: -14_400, isDaylight: true, abbreviation: "EDT")
        let est = Observance(offset: -18_000, isDaylight: false, abbreviation: "EST")
        #expect(newYork.transitions(after: at("2023-01-01T00:00:00Z"), through: at("2024-01-01T00:00:00Z")) == [
            ZoneTransition(at: at("2023-03-12T07:00:00Z"), before: est, after: edt),
            ZoneTransition(at: at("2023-11-05T06:00:00Z"), before: edt, after: est),
        ])
        // The change itself is inside (after, through]; one at `after` is not.
        #expect(newYork.transitions(after: at("2023-11-05T06:00:00Z"), through: at("2023-11-06T00:00:00Z")).isEmpty)
        #expect(newYork.lastTransition(atOrBefore: at("2023-11-05T06:00:00Z"))?.at == at("2023-11-05T06:00:00Z"))
        #expect(newYork.lastTransition(atOrBefore: at("2023-11-05T05:59:59Z"))?.after == edt)
        #expect(newYork.transitions(after: at("2150-01-01T00:00:00Z"), through: at("2151-01-01T00:00:00Z")).map(\.after) == [edt, est])
        #expect(newYork.observance(at: at("2150-07-01T00:00:00Z")) == edt)
        // UTC has kept its offset for ever: there is no change to start from.
        let utc = try ZoneDatabase.system.rules("UTC")
        #expect(utc.lastTransition(atOrBefore: at("2023-11-05T06:00:00Z")) == nil)
        #expect(utc.observance(at: at("2023-11-05T06:00:00Z")) == Observance(offset: 0, isDaylight: false, abbreviation: "UTC"))
    }

    /// A file with no transitions is its rule at every instant: the rule's names too,
    /// `<...>` names without their brackets.
    @Test func aRuleNamesItsOwnClocks() throws {
        let ruleOnly = try ZoneRules(identifier: "RuleOnly", tzif: tzifVersion2(transitions: [], footer: "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1"))
        #expect(ruleOnly.observance(at: at("2023-01-15T12:00:00Z")) == Observance(offset: -10_800, isDaylight: false, abbreviation: "-03"))
        #expect(ruleOnly.observance(at: at("2023-07-15T12:00:00Z")) == Observance(offset: -7_200, isDaylight: true, abbreviation: "-02"))
        // Daylight time all year (RFC 8536 §3.3.1) is daylight time.
        let always = try ZoneRules(identifier: "Always", tzif: tzifVersion2(transitions: [], footer: "EST5EDT,0/0,J365/25"))
        #expect(always.observance(at: at("2023-01-15T12:00:00Z")) == Observance(offset: -14_400, isDaylight: true, abbreviation: "EDT"))
        #expect(try #require(PosixTZ(parsing: "<+0545>-5:45")).standardName == "+0545")
    }

    @Test func missingDamagedAndMisnamedZones() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(throws: ZoneError.noTimeZoneData(directory: directory + "/none")) {
            try ZoneDatabase(directory: directory + "/none").rules("America/New_York")
        }
        let real = Array(try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/America/New_York")))
        try Data(real.prefix(200)).write(to: URL(fileURLWithPath: directory + "/Cut"))
        #expect(throws: ZoneError.corruptZoneFile("Cut", reason: "it ends early")) { try ZoneDatabase(directory: directory).rules("Cut") }
        try Data("America/New_York\n".utf8).write(to: URL(fileURLWithPath: directory + "/zone.tab"))
        for name in ["zone.tab", "../etc/passwd", "/etc/passwd", "", "Not/There", "Europe/../../x"] {
            #expect(throws: ZoneError.unknownZone(name)) { try ZoneDatabase(directory: directory).rules(name) }
        }
        #expect(ZoneError.corruptZoneFile("X", reason: "r").isEnvironment && !ZoneError.unknownZone("X").isEnvironment)
    }

    /// `--tz $'America/New_York\nX'` is one line of error, the newline shown as `\n`;
    /// so is every control or format character of a name or TZDIR.
    @Test func aZoneNameIsShownOnOneLine() {
        #expect(throws: ZoneError.unknownZone("America/New_York\nX")) { try ZoneDatabase.system.rules("America/New_York\nX") }
        #expect(ZoneError.unknownZone("America/New_York\nX").description
            == "unknown time zone 'America/New_York\\nX': use an IANA name such as America/New_York or Europe/London")
        let hostile = "A\u{1B}[31m\u{202E}B\\\r\tC\u{2028}D"
        let errors = [ZoneError.unknownZone(hostile), .corruptZoneFile(hostile, reason: "r"), .noTimeZoneData(directory: hostile)]
        for error in errors {
            #expect(error.description.contains("A\\u{1B}[31m\\u{202E}B\\\\\\r\\tC\\u{2028}D"), "\(error)")
            #expect(!error.description.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format })
        }
        #expect(ZoneError.unknownZone("Europe/Zürich").description.contains("'Europe/Zürich'"))
    }

    /// Found by scripts/fuzz (tzif): a damaged file whose last transition lies near the
    /// 64-bit limit made ZoneRules trap (Int.min) or count rule years for ever (-2^60).
    /// The rule's years now start at 1900: the zone loads, and its rule still applies.
    @Test func aLastTransitionAtTheEdgeOfTimeNeitherTrapsNorHangs() throws {
        for last in [Int64.min, -(1 << 60), -(1 << 40)] {
            let rules = try ZoneRules(identifier: "Damaged", tzif: tzifVersion2(transitions: [last], footer: "EST5EDT,M3.2.0,M11.1.0"))
            #expect(rules.offset(at: at("2023-07-01T12:00:00Z")) == -14_400, "\(last)")
            #expect(rules.offset(at: at("2023-01-01T12:00:00Z")) == -18_000, "\(last)")
        }
    }

    /// Hostile files: transitions at the ends of 64-bit time, offsets at the ends of
    /// 32-bit ones, rules at the ends of their ranges, asked about seconds far beyond
    /// any calendar a caller uses (LocalDateTime itself stops short of Int's ends):
    /// every question is answered and none traps or hangs.
    @Test func extremeTimesAndOffsetsNeitherTrapNorHang() throws {
        let instants = [-(1 << 50), -62_135_596_800, -1, 0, 4_102_444_800, 253_402_300_799, 1 << 50]
        for times in [[Int64.min, .max], [.min], [.max], [.min, -1, 0, .max - 1, .max], []] {
            for footer in ["EST5EDT,M3.2.0,M11.1.0", "<-167>167<+167>-167,J365/167,0/-167", "EST5EDT,0/0,J365/25", "<+00>0", ""] {
                for types in [(Int32.min, Int32.max), (.max, .min)] {
                    let rules = try ZoneRules(identifier: "Hostile", tzif: tzifVersion2(transitions: times, footer: footer, offsets: types))
                    for t in instants {
                        let local = rules.localDateTime(of: Instant(secondsSinceEpoch: t))
                        _ = rules.instant(for: local)
                        _ = rules.iso8601(Instant(secondsSinceEpoch: t))
                        _ = rules.changes(after: t, through: t.clampedAdding(86_400 * 400))
                        _ = rules.observance(at: Instant(secondsSinceEpoch: t))
                        _ = rules.lastTransition(atOrBefore: Instant(secondsSinceEpoch: t))
                    }
                }
            }
        }
        #expect(throws: ZoneError.corruptZoneFile("Unsorted", reason: "its transition times are out of order")) {
            try ZoneRules(identifier: "Unsorted", tzif: tzifVersion2(transitions: [10, 5], footer: ""))
        }
    }

    /// A minimal TZif version 2 file: EST (type 0) and EDT (type 1), or the offsets
    /// given, every transition to type 1.
    private func tzifVersion2(transitions: [Int64], footer: String, offsets: (Int32, Int32) = (-18_000, -14_400)) -> [UInt8] {
        func be<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }
        func header(times: Int, types: Int, chars: Int) -> [UInt8] {
            Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15) + [0, 0, 0, times, types, chars].flatMap { be(UInt32($0)) }
        }
        let version1 = header(times: 0, types: 1, chars: 4) + be(offsets.0) + [0, 0] + Array("EST\0".utf8)
        let types = be(offsets.0) + [0, 0] + be(offsets.1) + [1, 4] + Array("EST\0EDT\0".utf8)
        let version2 = header(times: transitions.count, types: 2, chars: 8) + transitions.flatMap { be($0) }
            + [UInt8](repeating: 1, count: transitions.count) + types
        return version1 + version2 + Array("\n\(footer)\n".utf8)
    }

    /// A zone is the file of that name under TZDIR, whatever is in it.
    @Test func theDirectoryIsTheSourceOfTruth() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/America", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Asia/Tokyo", toPath: directory + "/America/New_York")
        let rules = try ZoneDatabase(directory: directory).rules("America/New_York")
        #expect(rules.offset(at: at("2023-07-01T00:00:00Z")) == 32_400)
        #expect(ZoneDatabase.directory(environment: ["TZDIR": directory]) == directory)
        #expect(ZoneDatabase.directory(environment: [:]) == "/usr/share/zoneinfo")
    }

    @Test func theUserZoneIsNamedAsGlibcWouldPickIt() {
        #expect(ZoneDatabase.userZoneName(environment: ["TZ": ":Europe/Paris"]) == "Europe/Paris")
        #expect(ZoneDatabase.userZoneName(environment: ["TZ": "Asia/Tokyo"]) == "Asia/Tokyo")
        #expect(ZoneDatabase.userZoneName(environment: ["TZ": "/usr/share/zoneinfo/Asia/Tokyo"]) == "Asia/Tokyo")
        // Without TZ: this machine's /etc/localtime, whatever it is, names a real zone.
        let system = ZoneDatabase.userZoneName(environment: [:])
        #expect((try? ZoneDatabase.system.rules(system)) != nil, "\(system)")
    }

    @Test func foldingDropsCaseAccentsAndCurlyQuotes() {
        #expect(VenueQuery.fold("Accenture CAFÉ") == "accenture cafe")
        #expect(VenueQuery.fold("Cafe\u{301} Ñandú") == "cafe nandu")
        #expect(VenueQuery.fold("Joe’s Café") == "joe's cafe")
        #expect(VenueQuery.fold("Łódź Æther İzmir") == "łodz æther izmir")
        #expect(VenueQuery.fold("ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿ") == "aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyy")
    }

    /// A fresh directory for a test's zone files; the test removes it (deferred).
    private func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("zones-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
