import Foundation
import Glibc
import Testing

/// `venuectl calendar`, the real binary: the file it writes (to stdout with its CRLF
/// intact, or atomically to `--output`), the venues it takes (VENUE, `--favorites`),
/// the same dayparts `hours` shows, its notes on stderr, and every usage error as one
/// line with exit 2.
@Suite struct CalendarCommandTests {
    let root: String

    init() throws { root = try VenuectlProcess.scratch() }

    func venuectl(_ arguments: [String], environment: [String: String] = [:]) throws -> VenuectlProcess.Run {
        try VenuectlProcess.run(arguments, environment: ["XDG_CONFIG_HOME": root + "/config"].merging(environment) { $1 })
    }

    static let week = ["--data", VenuectlProcess.fixture, "--at", "2023-09-18T12:00"]

    /// The content lines of a calendar, unfolded, without their CRLF.
    static func lines(_ document: String) -> [String] {
        document.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }

    /// Each VEVENT as its property lines.
    static func events(_ document: String) -> [[String]] {
        var events: [[String]] = []
        var current: [String]?
        for line in lines(document) {
            switch line {
            case "BEGIN:VEVENT": current = []
            case "END:VEVENT": if let current { events.append(current) }; current = nil
            default: current?.append(line)
            }
        }
        return events
    }

    static func value(_ name: String, in event: [String]) -> String? {
        event.first { $0.hasPrefix(name + ":") || $0.hasPrefix(name + ";") }.flatMap { $0.split(separator: ":", maxSplits: 1).last.map(String.init) }
    }

    @Test func stdoutIsTheCalendarWithItsCRLFLines() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try venuectl(["calendar", "commons", "--days", "2"] + Self.week)
        #expect(run.code == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") && run.stdout.hasSuffix("END:VCALENDAR\r\n"))
        let bare = zip(run.stdoutBytes, [0] + run.stdoutBytes).filter { $0.0 == 0x0A && $0.1 != 0x0D }
        #expect(bare.isEmpty, "every line ends in CRLF")
        let events = Self.events(run.stdout)
        #expect(events.compactMap { Self.value("SUMMARY", in: $0) } == [
            "1920 Commons: Breakfast", "1920 Commons: Lunch", "1920 Commons: Dinner",
            "1920 Commons: Breakfast", "1920 Commons: Lunch", "1920 Commons: Dinner",
        ])
        #expect(events.first?.contains("DTSTART;TZID=America/New_York:20230918T073000") == true)
        #expect(events.first?.contains("UID:593-20230918-breakfast-0730@venued") == true)
        #expect(Self.lines(run.stdout).contains("TZID:America/New_York"))
    }

    /// The calendar is the hours `hours` shows, daypart for daypart, projected days included.
    @Test func itsEventsAreTheDaypartsHoursShows() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let at = ["--data", VenuectlProcess.fixture, "--at", "2023-09-21T09:00"]
        for venue in ["593", "1442", "joes cafe"] {
            let hours = try venuectl(["hours", venue, "--json", "--days", "5"] + at)
            let days = try #require((try JSONSerialization.jsonObject(with: Data(hours.stdout.utf8)) as? [String: Any])?["days"] as? [[String: Any]])
            let expected = days.flatMap { $0["dayparts"] as? [[String: Any]] ?? [] }.map { part in
                // "2023-09-18T07:30:00-04:00" as a TZID time: "20230918T073000".
                let local = { (key: String) in String((part[key] as? String ?? "").prefix(19)).filter { $0 != "-" && $0 != ":" } }
                return "\(local("start"))-\(local("end")) \(part["estimated"] as? Bool == true)"
            }
            let calendar = try venuectl(["calendar", venue, "--days", "5"] + at)
            let events = Self.events(calendar.stdout).map { event in
                "\(Self.value("DTSTART", in: event) ?? "")-\(Self.value("DTEND", in: event) ?? "") \(event.contains("X-VENUED-ESTIMATED:TRUE"))"
            }
            #expect(!expected.isEmpty && events == expected, "\(venue)")
        }
    }

    @Test func outputReplacesTheFileAtomicallyAndSaysWhatItWrote() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/dining.ics"
        try "old".write(toFile: path, atomically: true, encoding: .utf8)
        let run = try venuectl(["calendar", "--output", path, "--days", "7"] + Self.week)
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout == "wrote 147 events (15 venues, 2023-09-18 to 2023-09-24, 25 estimated) to \(path)\n")
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.hasPrefix("BEGIN:VCALENDAR\r\n") && Self.events(written).count == 147)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o644, "a calendar is for sharing: \(String(mode, radix: 8))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == ["dining.ics"], "no temporary file is left")
        // The same as stdout, but for DTSTAMP (the clock moved).
        let stdout = try venuectl(["calendar", "--days", "7"] + Self.week).stdout
        let stamps = { (text: String) in Self.lines(text).filter { !$0.hasPrefix("DTSTAMP:") } }
        #expect(stamps(stdout) == stamps(written))
        let unwritable = try venuectl(["calendar", "-o", root + "/missing/dining.ics"] + Self.week)
        #expect(unwritable.code == 4 && unwritable.stdout.isEmpty)
        #expect(unwritable.stderr == "venuectl: cannot write \(root)/missing/dining.ics: cannot create a file in \(root)/missing (No such file or directory)\n")
    }

    /// Only a regular file, or nothing, is replaced: a FIFO's reader gets the calendar, a
    /// link keeps being a link (its target is replaced), a terminal or /dev/null is
    /// written into, and a directory or a socket is refused with exit 10, left as it was.
    @Test func outputReplacesOnlyAFileAndWritesIntoStreams() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fifo = root + "/calendar.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo]
        let pipe = Pipe()
        reader.standardOutput = pipe
        try reader.run()
        let run = try venuectl(["calendar", "-o", fifo, "--days", "1"] + Self.week)
        let read = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        reader.waitUntilExit()
        #expect(run.code == 0 && read.hasPrefix("BEGIN:VCALENDAR\r\n") && read.hasSuffix("END:VCALENDAR\r\n"), "\(run.stderr)")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO is still a FIFO")

        let target = root + "/real.ics", link = root + "/link.ics"
        try "old".write(toFile: target, atomically: true, encoding: .utf8)
        #expect(symlink(target, link) == 0)
        #expect(try venuectl(["calendar", "-o", link, "--days", "1"] + Self.week).code == 0)
        #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link is still a link")
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("BEGIN:VCALENDAR"))

        let null = try venuectl(["calendar", "-o", "/dev/null", "--days", "1"] + Self.week)
        #expect(null.code == 0, "\(null.stderr)")
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "/dev/null is still a device")

        let directory = root + "/folder"
        mkdir(directory, 0o755)
        let refused = try venuectl(["calendar", "-o", directory, "--days", "1"] + Self.week)
        #expect(refused.code == 10 && refused.stdout.isEmpty, "\(refused.stderr)")
        #expect(refused.stderr.hasPrefix("venuectl: not writing to \(directory): it is a directory, neither a file nor a stream"), "\(refused.stderr)")
        #expect(stat(directory, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR)
    }

    @Test func favoritesChooseTheVenues() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let none = try venuectl(["calendar", "--favorites"] + Self.week)
        #expect(none.code == 2 && none.stdout.isEmpty)
        #expect(none.stderr == "venuectl: --favorites: you have no favorites yet: add some with 'venuectl favorites add VENUE', or name the venues (see 'venuectl calendar --help')\n")
        #expect(try venuectl(["favorites", "add", "1442", "joes cafe"]).code == 0)
        let run = try venuectl(["calendar", "--favorites", "--days", "1"] + Self.week)
        let venues = Set(Self.events(run.stdout).compactMap { Self.value("UID", in: $0)?.split(separator: "-").first.map(String.init) })
        #expect(run.code == 0 && venues == ["1442", "642"], "\(venues) \(run.stderr)")
    }

    @Test func daysNoDataSpeaksForAreNotedOnStderr() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        // The data is 2023-09-16..22: projected up to 2023-10-13, unknown after.
        let run = try venuectl(["calendar", "commons", "--data", VenuectlProcess.fixture, "--at", "2023-10-10T12:00", "--days", "7"])
        #expect(run.code == 0)
        #expect(run.stderr == "venuectl: note: no events on 2023-10-14 to 2023-10-16 for 1920 Commons: no hours: the data ends 2023-09-22\n")
        #expect(Self.events(run.stdout).allSatisfy { $0.contains("STATUS:TENTATIVE") && ($0.first { $0.hasPrefix("SUMMARY:") } ?? "").hasSuffix(" (estimated)") })
        let strict = try venuectl(["calendar", "--data", VenuectlProcess.fixture, "--at", "2023-09-21T12:00", "--days", "4", "--no-estimate"])
        #expect(strict.stderr == "venuectl: note: no events on 2023-09-23 to 2023-09-24 for any venue: not in the data (--no-estimate)\n")
        #expect(!strict.stdout.contains("ESTIMATED"))
        // Dates unknown for the same reason but said differently are two notes.
        let feed = root + "/fall-back.json"
        try CalendarConsumerTests.fallBackWeek.write(toFile: feed, atomically: true, encoding: .utf8)
        let week = try venuectl(["calendar", "--data", feed, "--at", "2023-11-02T08:00", "--days", "7"])
        #expect(week.code == 0 && week.stderr == """
            venuectl: note: no events on 2023-11-07 for 1920 Commons: no hours: no Tue in the data
            venuectl: note: no events on 2023-11-08 for 1920 Commons: no hours: no Wed in the data

            """)
    }

    static let usageErrors: [([String], String)] = [
        (["--days", "0"], "--days takes a whole number from 1 to 28, not '0'"),
        (["--days", "29"], "--days takes a whole number from 1 to 28, not '29'"),
        (["--days", "a week"], "--days takes a whole number from 1 to 28, not 'a week'"),
        (["--days"], "--days needs a value (N)"),
        (["--json"], "unknown option '--json'"),
        (["--output="], "--output needs a file name"),
        (["--favorites", "commons"], "calendar takes VENUE arguments or --favorites, not both"),
        (["--at", "tomorrow"], "cannot read --at 'tomorrow': use YYYY-MM-DDTHH:MM[:SS] with an optional Z or ±HH:MM, HH:MM, or now"),
    ]

    @Test(arguments: usageErrors)
    func aBadFlagIsOneLineAndExitTwo(flags: [String], message: String) throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try venuectl(["calendar"] + flags)
        #expect(run.code == 2 && run.stdout.isEmpty)
        #expect(run.stderr == "venuectl: \(message) (see 'venuectl calendar --help')\n")
    }

    @Test func unknownVenuesAndZones() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let venue = try venuectl(["calendar", "commonz"] + Self.week)
        #expect(venue.code == 3 && venue.stderr.hasPrefix("venuectl: no venue matches 'commonz': did you mean") && venue.stdout.isEmpty)
        let zone = try venuectl(["calendar", "--tz", "Mars/Olympus"] + Self.week)
        #expect(zone.code == 2 && zone.stderr.hasPrefix("venuectl: unknown time zone 'Mars/Olympus'"))
        let help = try venuectl(["calendar", "--help"])
        #expect(help.code == 0 && help.stdout.hasPrefix("usage: venuectl calendar [VENUE...|--favorites] [options]\n"))
    }

    /// Feed text with terminal escapes and bidi overrides reaches the file as text: the
    /// only control bytes are the CRLF line ends and TAB, which TEXT allows.
    @Test func hostileFeedTextIsWrittenWithoutItsControls() throws {
        let feed = try HostileTextTests.hostileFeed()
        defer {
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: feed).deletingLastPathComponent().path)
        }
        let run = try venuectl(["calendar", "593", "--data", feed, "--at", "2023-09-18T12:00", "--days", "2"])
        #expect(run.code == 0, "\(run.stderr)")
        var bytes: [UInt8] = []
        for (index, byte) in run.stdoutBytes.enumerated() {
            if byte == 0x0D && run.stdoutBytes.dropFirst(index + 1).first == 0x0A { continue }
            bytes.append(byte == 0x09 ? 0x20 : byte)
        }
        #expect(HostileTextTests.controls(in: bytes).isEmpty, "\(HostileTextTests.controls(in: bytes))")
        let unfolded = Self.lines(run.stdout)
        #expect(unfolded.contains { $0.hasPrefix("SUMMARY:1920 Commons]52\\;c\\;cHduZWQ=") }, "\(unfolded.filter { $0.hasPrefix("SUMMARY") })")
        #expect(unfolded.contains { $0.hasPrefix("DESCRIPTION:Meal Exchange]52\\;c\\;") && $0.hasSuffix("\\nsecond line") })
    }
}
