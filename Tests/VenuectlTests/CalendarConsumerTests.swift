import Foundation
import Glibc
import Testing

/// `venuectl calendar`'s file read by real consumers: Python's `icalendar` (a parser that
/// records every malformed line, and that can build a time zone from a VTIMEZONE alone),
/// and `khal`, a calendar program that imports the file and lists the events in its
/// user's zone. The week spans New York's fall-back (Sunday 2023-11-05, 02:00 EDT to
/// 01:00 EST), with a late night that crosses it. Each program runs with a time limit;
/// a test whose program is not installed is skipped and says how to install it.
@Suite struct CalendarConsumerTests {
    let root: String

    init() throws { root = try VenuectlProcess.scratch() }

    /// Lunch Thursday to Saturday and Monday, 11:00 to 14:30; Saturday also a late night
    /// from 22:00 EDT to 02:00 EST (five hours); Sunday closed; nothing for Tuesday.
    static let fallBackWeek = """
        [{"id": 593, "name": "1920 Commons", "address": "3800 Locust Walk", "days": [
          {"date": "2023-11-02", "status": "open", "dayparts": [
            {"starttime": "2023-11-02T11:00:00", "endtime": "2023-11-02T14:30:00", "label": "Lunch", "message": ""}]},
          {"date": "2023-11-03", "status": "open", "dayparts": [
            {"starttime": "2023-11-03T11:00:00", "endtime": "2023-11-03T14:30:00", "label": "Lunch", "message": ""}]},
          {"date": "2023-11-04", "status": "open", "dayparts": [
            {"starttime": "2023-11-04T11:00:00", "endtime": "2023-11-04T14:30:00", "label": "Lunch", "message": "Fall Break, brunch; back Monday\\\\ or so"},
            {"starttime": "2023-11-04T22:00:00", "endtime": "2023-11-04T02:00:00", "label": "Late Night", "message": ""}]},
          {"date": "2023-11-05", "status": "closed", "dayparts": []},
          {"date": "2023-11-06", "status": "open", "dayparts": [
            {"starttime": "2023-11-06T11:00:00", "endtime": "2023-11-06T14:30:00", "label": "Lunch", "message": "Café ☕ — ünïcödé to fold at seventy-five octets, not inside a character: ☕☕☕☕☕☕☕☕☕☕"}]}
        ]}]
        """

    /// The week's calendar, written by venuectl with `--output`; `extra` adds flags
    /// (`--tz`) and `environment` variables (`TZDIR`).
    func calendar(_ extra: [String] = [], environment: [String: String] = [:]) throws -> String {
        let feed = root + "/fall-back.json", path = root + "/dining-\(UUID().uuidString).ics"
        try Self.fallBackWeek.write(toFile: feed, atomically: true, encoding: .utf8)
        let run = try VenuectlProcess.run(["calendar", "--data", feed, "--at", "2023-11-02T08:00", "--days", "5", "-o", path] + extra,
                                          environment: environment)
        try #require(run.code == 0, "\(run.stderr)")
        return path
    }

    // MARK: Python's icalendar

    /// Every python3 here that has `icalendar` (Debian's python3-icalendar, which khal
    /// pulls in, and a newer one from PyPI if `python3` on PATH has it).
    static let pythons: [String] = {
        var candidates = ["/usr/bin/python3"]
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            candidates.append("\(directory)/python3")
        }
        var found: [String] = []
        var versions: Set<String> = []
        for path in candidates where FileManager.default.isExecutableFile(atPath: path) {
            guard let run = try? VenuectlProcess.runProgram(path, ["-c", "import icalendar; print(icalendar.__version__)"], timeout: 20),
                  run.code == 0, versions.insert(run.stdout).inserted else { continue }
            found.append(path)
        }
        return found
    }()

    /// Strict where icalendar is lenient: icalendar records a line it cannot read in
    /// `errors` instead of failing, so those must be empty; every physical line is at
    /// most 75 octets of whole UTF-8 ending in CRLF; each event has its required
    /// properties and a TZID the file defines; and each event's start, read through a
    /// time zone built from the file's own VTIMEZONE (not looked up by name), is the
    /// instant the system's America/New_York gives.
    static let strictCheck = #"""
        import sys, datetime, icalendar
        from zoneinfo import ZoneInfo
        raw = open(sys.argv[1], 'rb').read()
        assert raw.endswith(b'\r\n'), 'no CRLF at the end'
        for number, line in enumerate(raw[:-2].split(b'\r\n'), 1):
            assert len(line) <= 75, f'line {number}: {len(line)} octets'
            assert b'\n' not in line and b'\r' not in line, f'line {number}: a bare line break'
            line.decode('utf-8')
        cal = icalendar.Calendar.from_ical(raw)
        errors = [(c.name, c.errors) for c in cal.walk() if getattr(c, 'errors', None)]
        assert not errors, errors
        assert str(cal['VERSION']) == '2.0' and str(cal['METHOD']) == 'PUBLISH' and 'PRODID' in cal
        zones = {str(z['TZID']): z for z in cal.walk('VTIMEZONE')}
        uids, out = set(), []
        for event in cal.walk('VEVENT'):
            for name in ('UID', 'DTSTAMP', 'DTSTART', 'DTEND', 'SUMMARY'):
                assert name in event, f'{name} missing'
            uid = str(event['UID'])
            assert uid not in uids, f'{uid} twice'
            uids.add(uid)
            start, end = event.decoded('DTSTART'), event.decoded('DTEND')
            assert start.tzinfo is not None and end > start
            tzid = event['DTSTART'].params['TZID']
            zone = zones[tzid]
            try:
                own = zone.to_tz(lookup_tzid=False)   # icalendar 6 and later would look the name up
            except TypeError:
                own = zone.to_tz()
            naive = event['DTSTART'].dt.replace(tzinfo=None)
            aware = own.localize(naive) if hasattr(own, 'localize') else naive.replace(tzinfo=own)
            real = naive.replace(tzinfo=ZoneInfo(tzid))
            assert aware.utcoffset() == real.utcoffset(), f'{uid}: {aware.utcoffset()} != {real.utcoffset()}'
            out.append(f"{uid} {aware.astimezone(datetime.timezone.utc):%Y-%m-%dT%H:%MZ} {event['SUMMARY']} | {event.get('DESCRIPTION', '')}")
        print('\n'.join(out))
        """#

    @Test(.enabled(if: !pythons.isEmpty, "no python3 with icalendar here (apt-get install python3-icalendar, or pip install icalendar)"))
    func pythonsIcalendarReadsEveryLineAndTheVTIMEZONEAlone() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = try calendar()
        let script = root + "/check.py"
        try Self.strictCheck.write(toFile: script, atomically: true, encoding: .utf8)
        for python in Self.pythons {
            let run = try VenuectlProcess.runProgram(python, [script, path], timeout: 60)
            #expect(run.code == 0, "\(python): \(run.stderr)")
            #expect(run.stdout.split(separator: "\n").map(String.init) == [
                "593-20231102-lunch-1100@venued 2023-11-02T15:00Z 1920 Commons: Lunch | ",
                "593-20231103-lunch-1100@venued 2023-11-03T15:00Z 1920 Commons: Lunch | ",
                "593-20231104-lunch-1100@venued 2023-11-04T15:00Z 1920 Commons: Lunch | Fall Break, brunch; back Monday\\ or so",
                "593-20231104-late-night-2200@venued 2023-11-05T02:00Z 1920 Commons: Late Night | ",
                "593-20231106-lunch-1100@venued 2023-11-06T16:00Z 1920 Commons: Lunch | Café ☕ — ünïcödé to fold at seventy-five octets, not inside a character: ☕☕☕☕☕☕☕☕☕☕",
            ], "\(python)")
        }
    }

    // MARK: khal

    static let khal = ["/usr/bin/khal", "/usr/local/bin/khal"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// A khal of its own: config, calendar directory and database under `directory`,
    /// listing in `zone`.
    struct Khal {
        let directory: String
        let zone: String

        init(root: String, zone: String) throws {
            directory = root + "/khal-\(UUID().uuidString)"
            self.zone = zone
            try FileManager.default.createDirectory(atPath: directory + "/calendar", withIntermediateDirectories: true)
            let config = """
                [calendars]
                [[dining]]
                path = \(directory)/calendar
                [sqlite]
                path = \(directory)/khal.db
                [locale]
                local_timezone = \(zone)
                default_timezone = \(zone)
                timeformat = %H:%M
                dateformat = %Y-%m-%d
                longdateformat = %Y-%m-%d
                datetimeformat = %Y-%m-%d %H:%M
                longdatetimeformat = %Y-%m-%d %H:%M
                """
            try config.write(toFile: directory + "/config", atomically: true, encoding: .utf8)
        }

        func run(_ arguments: [String]) throws -> VenuectlProcess.Run {
            let run = try VenuectlProcess.runProgram(khal!, ["-c", directory + "/config"] + arguments, environment: [
                "HOME": directory, "XDG_CONFIG_HOME": directory, "XDG_DATA_HOME": directory, "LANG": "C.UTF-8", "TZ": zone,
            ], timeout: 60)
            try #require(run.code == 0, "khal \(arguments): \(run.stderr)")
            return run
        }

        func importing(_ path: String) throws { _ = try run(["import", "--batch", path]) }

        /// `khal list` of the week, a line per event and day: `2023-11-04 11:00-14:30 1920 Commons: Lunch`.
        func week() throws -> [String] {
            let output = try run(["list", "--format", "{start-time}-{end-time} {title}", "--day-format", "{date}", "2023-11-02", "5d"]).stdout
            var day = "", lines: [String] = []
            for line in output.split(separator: "\n").map(String.init) {
                if line.first?.isNumber == true, line.count == 10 { day = line } else { lines.append("\(day) \(line)") }
            }
            return lines
        }
    }

    @Test(.enabled(if: khal != nil, "khal is not installed (apt-get install khal; .ci/run installs it)"))
    func khalShowsTheVenueTimesAcrossTheFallBackInTheVenuesZone() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let khal = try Khal(root: root, zone: "America/New_York")
        try khal.importing(try calendar())
        #expect(try khal.week() == [
            "2023-11-02 11:00-14:30 1920 Commons: Lunch",
            "2023-11-03 11:00-14:30 1920 Commons: Lunch",
            "2023-11-04 11:00-14:30 1920 Commons: Lunch",
            "2023-11-04 22:00-02:00 1920 Commons: Late Night",
            "2023-11-05 22:00-02:00 1920 Commons: Late Night",
            "2023-11-06 11:00-14:30 1920 Commons: Lunch",
        ])
    }

    /// London left summer time a week before New York: on Saturday New York is 4 hours
    /// behind, on Monday 5, and the late night lasts five hours, 02:00 to 07:00 GMT.
    static let inLondon = [
        "2023-11-02 15:00-18:30 1920 Commons: Lunch",
        "2023-11-03 15:00-18:30 1920 Commons: Lunch",
        "2023-11-04 15:00-18:30 1920 Commons: Lunch",
        "2023-11-05 02:00-07:00 1920 Commons: Late Night",
        "2023-11-06 16:00-19:30 1920 Commons: Lunch",
    ]

    @Test(.enabled(if: khal != nil, "khal is not installed (apt-get install khal; .ci/run installs it)"))
    func khalInAnotherZoneShowsTheSameInstants() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let khal = try Khal(root: root, zone: "Europe/London")
        try khal.importing(try calendar())
        #expect(try khal.week() == Self.inLondon)
    }

    /// khal knows America/New_York by name and may ignore the VTIMEZONE; a zone it has
    /// never heard of (the same rules under a name of our own, through TZDIR) leaves it
    /// only the VTIMEZONE venuectl wrote.
    @Test(.enabled(if: khal != nil, "khal is not installed (apt-get install khal; .ci/run installs it)"))
    func khalResolvesAZoneItDoesNotKnowFromTheVTIMEZONE() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let zones = root + "/zoneinfo"
        try FileManager.default.createDirectory(atPath: zones + "/Penn", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/America/New_York", toPath: zones + "/Penn/Campus")
        let path = try calendar(["--tz", "Penn/Campus"], environment: ["TZDIR": zones])
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("DTSTART;TZID=Penn/Campus:20231104T220000\r\n"))
        let khal = try Khal(root: root, zone: "Europe/London")
        try khal.importing(path)
        #expect(try khal.week() == Self.inLondon)
    }

    /// Importing a newer file again updates the events it shares with the old one (the
    /// same UIDs) instead of adding copies.
    @Test(.enabled(if: khal != nil, "khal is not installed (apt-get install khal; .ci/run installs it)"))
    func khalReimportUpdatesInsteadOfDuplicating() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let khal = try Khal(root: root, zone: "America/New_York")
        try khal.importing(try calendar())
        let first = try FileManager.default.contentsOfDirectory(atPath: khal.directory + "/calendar").sorted()
        // Penn moves Monday's lunch close to 15:00.
        let feed = root + "/fall-back.json"
        let moved = Self.fallBackWeek.replacingOccurrences(of: "2023-11-06T14:30:00", with: "2023-11-06T15:00:00")
        try moved.write(toFile: feed, atomically: true, encoding: .utf8)
        let path = root + "/moved.ics"
        let run = try VenuectlProcess.run(["calendar", "--data", feed, "--at", "2023-11-02T08:00", "--days", "5", "-o", path])
        try #require(run.code == 0, "\(run.stderr)")
        try khal.importing(path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: khal.directory + "/calendar").sorted() == first)
        let week = try khal.week()
        #expect(week.count == 6 && week.last == "2023-11-06 11:00-15:00 1920 Commons: Lunch", "\(week)")
    }
}
