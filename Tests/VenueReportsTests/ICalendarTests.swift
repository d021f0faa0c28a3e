import BundledFeed
import DiningHours
import Foundation
import Testing
@testable import VenueReports

/// The iCalendar writer (RFC 5545) and `venuectl calendar`'s report, in-process: the
/// format's escaping, folding and line endings, UIDs that survive a refresh, the
/// VTIMEZONE made from the engine's zone rules across the November 2023 fall-back, and
/// how projected, closed and unknown days appear.
@Suite("iCalendar")
struct ICalendarTests {
    static let newYork = try! ZoneDatabase.system.rules("America/New_York")
    static let stamp = Instant(secondsSinceEpoch: 1_700_000_000)   // 2023-11-14T22:13:20Z

    /// A week around the fall-back (Sunday 2023-11-05): 1920 Commons with lunch every
    /// day but Sunday, closed on Sunday, a message on the Saturday.
    static let fallBackFeed = """
        [{"id": 593, "name": "1920 Commons", "address": "3800 Locust Walk", "days": [
          {"date": "2023-11-02", "status": "open", "dayparts": [
            {"starttime": "2023-11-02T11:00:00", "endtime": "2023-11-02T14:30:00", "label": "Lunch", "message": ""}]},
          {"date": "2023-11-03", "status": "open", "dayparts": [
            {"starttime": "2023-11-03T11:00:00", "endtime": "2023-11-03T14:30:00", "label": "Lunch", "message": ""}]},
          {"date": "2023-11-04", "status": "open", "dayparts": [
            {"starttime": "2023-11-04T11:00:00", "endtime": "2023-11-04T14:30:00", "label": "Lunch", "message": "Fall Break; brunch, not lunch\\nback Monday"}]},
          {"date": "2023-11-05", "status": "closed", "dayparts": [
            {"starttime": "2023-11-05T11:00:00", "endtime": "2023-11-05T14:30:00", "label": "Lunch", "message": ""}]},
          {"date": "2023-11-06", "status": "open", "dayparts": [
            {"starttime": "2023-11-06T11:00:00", "endtime": "2023-11-06T14:30:00", "label": "Lunch", "message": ""},
            {"starttime": "2023-11-06T11:00:00", "endtime": "2023-11-06T14:30:00", "label": "Lunch", "message": ""},
            {"starttime": "2023-11-06T20:00:00", "endtime": "2023-11-06T23:59:00", "label": "Late Night", "message": ""}]}
        ]}]
        """

    static func venues(_ json: String) throws -> [Venue] { try FeedDecoder.decode(Array(json.utf8)).venues }

    static func report(_ json: String = fallBackFeed, from first: String = "2023-11-02", days: Int = 5, estimate: Bool = true,
                       zone: ZoneRules = newYork, stamp: Instant = stamp) throws -> CalendarReport {
        CalendarReport(venues: try venues(json), zone: zone, from: try #require(LocalDate(parsing: first)), days: days,
                       estimate: estimate, stamp: stamp, source: .file)
    }

    /// Content lines after unfolding, without their CRLF.
    static func unfolded(_ document: String) -> [String] {
        document.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").dropLast().map { $0 }
    }

    /// The lines of each component named `name`, in order.
    static func components(_ name: String, in document: String) -> [[String]] {
        var found: [[String]] = []
        var current: [String]?
        for line in unfolded(document) {
            if line == "BEGIN:\(name)" { current = [] } else if line == "END:\(name)" { found += current.map { [$0] } ?? []; current = nil } else { current?.append(line) }
        }
        return found
    }

    // MARK: the format

    @Test("TEXT escapes backslash, semicolon, comma and line breaks, and drops controls but TAB")
    func textEscaping() {
        #expect(ICalendar.escapeText(#"a\b;c,d"#) == #"a\\b\;c\,d"#)
        #expect(ICalendar.escapeText("one\ntwo\r\nthree\rfour") == #"one\ntwo\nthree\nfour"#)
        #expect(ICalendar.escapeText("tab\there\u{1B}[31m\u{7F}\u{9B}x") == "tab\there[31mx")
        #expect(ICalendar.escapeText("Café: 7:30") == "Café: 7:30")
        var calendar = ICalendar()
        calendar.textList("CATEGORIES", ["Dining", "a,b"])
        calendar.line("DTSTART", parameters: ["TZID": "Odd:Zone;x"], value: "20231105T013000\r\nX:Y")
        #expect(calendar.document == "CATEGORIES:Dining,a\\,b\r\nDTSTART;TZID=\"Odd:Zone;x\":20231105T013000X:Y\r\n")
    }

    @Test("lines fold at 75 octets, between characters, and unfold to what was written",
          arguments: ["a", "é", "€", "😀", "e\u{301}", "a€😀é", "🇺🇸", "👩‍👩‍👧‍👦"])
    func folding(unit: String) throws {
        for count in 1...90 {
            let value = "SUMMARY:" + String(repeating: unit, count: count)
            let folded = ICalendar.fold(value)
            #expect(folded.hasSuffix("\r\n"))
            // Bytes: "\r\n" is one Character, so `dropLast(2)` on the String would eat one more.
            let physical = String(decoding: folded.utf8.dropLast(2), as: UTF8.self).components(separatedBy: "\r\n")
            for (index, line) in physical.enumerated() {
                #expect(line.utf8.count <= ICalendar.lineLimit, "\(unit) × \(count): \(line.utf8.count) octets")
                #expect(index == 0 || line.unicodeScalars.first == " ")
                // Every physical line is whole UTF-8 on its own, and no character was cut.
                #expect(String(validating: Array(line.utf8), as: UTF8.self) != nil)
                #expect(index == 0 || String(line.unicodeScalars.dropFirst()).first.map { unit.contains($0) } == true, "\(unit) × \(count)")
            }
            // A fold is made only where the next character would not fit.
            for (line, next) in zip(physical, physical.dropFirst()) {
                let character = try #require(String(next.unicodeScalars.dropFirst()).first)
                #expect(line.utf8.count + character.utf8.count > ICalendar.lineLimit)
            }
            #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == value + "\r\n")
        }
        // A character longer than a line (a run of combining marks) is cut between its scalars.
        let long = "SUMMARY:x" + String(repeating: "\u{301}", count: 60)
        let folded = ICalendar.fold(long)
        #expect(folded.utf8.split(separator: UInt8(ascii: "\n")).allSatisfy { $0.count <= ICalendar.lineLimit + 1 })
        // Unfolded as bytes: Foundation's search would not find "\r\n " where the space
        // and the accent after it make one character.
        var unfolded: [UInt8] = []
        var bytes = Array(folded.utf8)[...]
        while let first = bytes.first {
            if bytes.starts(with: [13, 10, 32]) { bytes = bytes.dropFirst(3) } else { unfolded.append(first); bytes = bytes.dropFirst() }
        }
        #expect(unfolded == Array((long + "\r\n").utf8))
    }

    @Test("dates, times and offsets in RFC 5545's forms")
    func valueForms() {
        #expect(ICalendar.utc(Self.stamp) == "20231114T221320Z")
        #expect(ICalendar.utcOffset(-18_000) == "-0500" && ICalendar.utcOffset(19_800) == "+0530")
        #expect(ICalendar.utcOffset(0) == "+0000" && ICalendar.utcOffset(-17_762) == "-045602")
    }

    // MARK: the calendar

    @Test("every line of a whole calendar ends in CRLF and has at most 75 octets")
    func wholeDocumentShape() throws {
        let feed = try FeedDecoder.decode(BundledFeed.bytes)
        let report = CalendarReport(venues: feed.venues, zone: Self.newYork, from: LocalDate(year: 2023, month: 9, day: 16)!, days: 14,
                                    estimate: true, stamp: Self.stamp, source: .bundled)
        let document = report.render()
        #expect(document.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") && document.hasSuffix("END:VCALENDAR\r\n"))
        let bytes = Array(document.utf8)
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            #expect(index > 0 && bytes[index - 1] == UInt8(ascii: "\r"), "a bare LF at \(index)")
        }
        for line in document.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 75, "\(line)") }
        #expect(!document.unicodeScalars.contains { $0.value < 0x20 && $0 != "\r" && $0 != "\n" && $0 != "\t" })
        #expect(Self.components("VEVENT", in: document).count == report.events.count && report.events.count > 150, "\(report.events.count) events")
        #expect(Self.components("VTIMEZONE", in: document).count == 1)
    }

    @Test("one event per daypart: summary, local times with TZID, location, page, escaped message")
    func eventFields() throws {
        let document = try Self.report().render()
        let events = Self.components("VEVENT", in: document)
        // Lunch Thu, Fri, Sat; none on the closed Sunday; lunch (listed twice) and late night Monday.
        #expect(events.compactMap { $0.first { $0.hasPrefix("UID:") } } == [
            "UID:593-20231102-lunch-1100@venued", "UID:593-20231103-lunch-1100@venued", "UID:593-20231104-lunch-1100@venued",
            "UID:593-20231106-lunch-1100@venued", "UID:593-20231106-late-night-2000@venued",
        ])
        let saturday = events[2]
        #expect(saturday.contains("DTSTART;TZID=America/New_York:20231104T110000"))
        #expect(saturday.contains("DTEND;TZID=America/New_York:20231104T143000"))
        #expect(saturday.contains("SUMMARY:1920 Commons: Lunch"))
        #expect(saturday.contains("LOCATION:3800 Locust Walk Philadelphia PA\\, 19104"))   // penn-basics' full address
        #expect(saturday.contains("URL:https://university-of-pennsylvania.cafebonappetit.com/cafe/1920-commons"))
        #expect(saturday.contains(#"DESCRIPTION:Fall Break\; brunch\, not lunch\nback Monday"#))
        #expect(saturday.contains("DTSTAMP:20231114T221320Z") && saturday.contains("STATUS:CONFIRMED") && saturday.contains("TRANSP:TRANSPARENT"))
        #expect(!saturday.contains { $0.hasPrefix("X-VENUED-ESTIMATED") })
        // 23:59 is midnight (HOURS.md §2.3): the late night ends at the start of Tuesday.
        #expect(events[4].contains("DTEND;TZID=America/New_York:20231107T000000"))
        #expect(document.contains("\r\nMETHOD:PUBLISH\r\n") && document.contains("\r\nPRODID:-//venued//venuectl calendar//EN\r\n"))
    }

    @Test("the VTIMEZONE holds the clock in force at the start and each change in range, with the zone's names")
    func timeZoneAcrossFallBack() throws {
        let zones = Self.components("VTIMEZONE", in: try Self.report().render())
        #expect(zones == [[
            "TZID:America/New_York",
            "BEGIN:DAYLIGHT", "DTSTART:20230312T020000", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400", "TZNAME:EDT", "END:DAYLIGHT",
            "BEGIN:STANDARD", "DTSTART:20231105T020000", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "TZNAME:EST", "END:STANDARD",
        ]])
        // A week without a change lists only the clock in force.
        let december = Self.components("VTIMEZONE", in: try Self.report(from: "2023-12-04", days: 3).render())
        #expect(december.first?.filter { $0.hasPrefix("DTSTART") } == ["DTSTART:20231105T020000"])
        // A zone that never changed has one observance, from 1970.
        let utc = try ZoneDatabase.system.rules("UTC")
        #expect(Self.components("VTIMEZONE", in: try Self.report(zone: utc).render()) == [[
            "TZID:UTC", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0000", "TZOFFSETTO:+0000", "TZNAME:UTC", "END:STANDARD",
        ]])
        // ... or from the first day of a range before 1970, so no event precedes its onset.
        let early = Self.components("VTIMEZONE", in: try Self.report(from: "1960-01-04", days: 1, zone: utc).render())
        #expect(early.first?.contains("DTSTART:19600104T000000") == true, "\(early)")
    }

    /// Each event's local time, resolved through the VTIMEZONE the file carries (not the
    /// engine's rules): Saturday's 11:00 is EDT, Monday's EST, as a reader will see them.
    @Test("local times resolved by the file's own VTIMEZONE give the real instants on both sides of the change")
    func vtimezoneResolvesTheEvents() throws {
        let report = try Self.report()
        let document = report.render()
        let observances = Self.components("STANDARD", in: document) + Self.components("DAYLIGHT", in: document)
        let onsets: [(wall: Int, from: Int, to: Int)] = try observances.map { lines in
            func value(_ name: String) throws -> String { String(try #require(lines.first { $0.hasPrefix(name + ":") }).dropFirst(name.count + 1)) }
            func offset(_ text: String) -> Int { (text.hasPrefix("-") ? -1 : 1) * (Int(text.dropFirst().prefix(2))! * 3600 + Int(text.dropFirst(3).prefix(2))! * 60) }
            return (try Self.wall(value("DTSTART")), offset(try value("TZOFFSETFROM")), offset(try value("TZOFFSETTO")))
        }.sorted { $0.wall < $1.wall }
        for (lines, event) in zip(Self.components("VEVENT", in: document), report.events) {
            let text = try #require(lines.first { $0.hasPrefix("DTSTART;TZID=America/New_York:") }).split(separator: ":").last!
            let wall = try Self.wall(String(text))
            // The observance whose onset (on the clock before it) is the latest at or before this time.
            let offset = try #require(onsets.last { $0.wall - $0.from <= wall - $0.to }).to
            #expect(wall - offset == event.start.secondsSinceEpoch, "\(text)")
        }
        #expect(Set(report.events.map { Self.newYork.offset(at: $0.start) }) == [-14_400, -18_000])
    }

    static func wall(_ text: String) throws -> Int {
        let digits = Array(text)
        func number(_ range: Range<Int>) -> Int { Int(String(digits[range]))! }
        let date = try #require(LocalDate(year: number(0..<4), month: number(4..<6), day: number(6..<8)))
        return LocalDateTime(date: date, secondOfDay: number(9..<11) * 3600 + number(11..<13) * 60 + number(13..<15)).wallSeconds
    }

    /// A time written with its offset may be the second 01:30 of the fall-back night,
    /// which `TZID=...:20231105T013000` cannot name (that is the first, §3.3.5): UTC then.
    @Test("the second occurrence of a folded hour is written in UTC")
    func secondOccurrenceInUTC() throws {
        let feed = """
            [{"id": 1, "name": "Night Owl", "address": "", "days": [{"date": "2023-11-05", "status": "open", "dayparts": [
              {"starttime": "2023-11-05T01:30:00-05:00", "endtime": "2023-11-05T03:00:00-05:00", "label": "Late", "message": ""},
              {"starttime": "2023-11-05T00:30:00-04:00", "endtime": "2023-11-05T01:15:00-04:00", "label": "Early", "message": ""}]}]}]
            """
        let events = Self.components("VEVENT", in: try Self.report(feed, from: "2023-11-05", days: 1).render())
        #expect(events.count == 2)
        #expect(events[0].contains("DTSTART;TZID=America/New_York:20231105T003000"))
        #expect(events[0].contains("DTEND;TZID=America/New_York:20231105T011500"))
        #expect(events[1].contains("DTSTART:20231105T063000Z"))
        #expect(events[1].contains("DTEND;TZID=America/New_York:20231105T030000"))
        #expect(!events[0].contains { $0.hasPrefix("URL") || $0.hasPrefix("LOCATION") }, "no page or address known")
    }

    // MARK: UIDs

    @Test("UIDs depend on venue, date, label and start only: a re-import updates the same events")
    func stableUIDs() throws {
        let first = try Self.report().events.map(\.uid)
        #expect(try Self.report(stamp: Self.stamp + 86_400).events.map(\.uid) == first)
        // Penn moves Saturday's close and adds a message: the same events.
        let moved = Self.fallBackFeed.replacingOccurrences(of: "2023-11-04T14:30:00", with: "2023-11-04T15:00:00")
        #expect(try Self.report(moved).events.map(\.uid) == first)
        // A new start is another event.
        let later = Self.fallBackFeed.replacingOccurrences(of: "2023-11-04T11:00:00", with: "2023-11-04T11:30:00")
        #expect(try Self.report(later).events.map(\.uid)[2] == "593-20231104-lunch-1130@venued")
        #expect(CalendarReport.uid(venue: 7, date: LocalDate(year: 2023, month: 1, day: 9)!, label: "Café Brunch!",
                                   start: LocalDateTime(date: LocalDate(year: 2023, month: 1, day: 9)!, secondOfDay: 7 * 3600 + 5 * 60))
                == "7-20230109-cafe-brunch-0705@venued")
        #expect(CalendarReport.uid(venue: 7, date: LocalDate(year: 2023, month: 1, day: 9)!, label: "",
                                   start: LocalDateTime(date: LocalDate(year: 2023, month: 1, day: 9)!, secondOfDay: 0))
                == "7-20230109-open-0000@venued")
    }

    @Test("a projected event has the UID its real one will have, and is marked as a guess")
    func projectedEvents() throws {
        // The week after the data: Thursday 2023-11-09 is projected from 2023-11-02.
        let projected = try Self.report(from: "2023-11-09", days: 1)
        let event = try #require(projected.events.first)
        #expect(event.uid == "593-20231109-lunch-1100@venued" && event.projectedFrom == LocalDate(year: 2023, month: 11, day: 2))
        let lines = Self.components("VEVENT", in: projected.render())[0]
        #expect(lines.contains("SUMMARY:1920 Commons: Lunch (estimated)"))
        #expect(lines.contains("STATUS:TENTATIVE") && lines.contains("X-VENUED-ESTIMATED:TRUE") && lines.contains("CATEGORIES:Dining,Estimated"))
        #expect(lines.contains("DESCRIPTION:Estimated: the data does not cover this date\\, so these are the hours of 2023-11-02\\, the same weekday in the data."))
        // Once Penn publishes that day, the real event replaces it.
        let published = Self.fallBackFeed.replacingOccurrences(of: "\"2023-11-02\"", with: "\"2023-11-09\"")
            .replacingOccurrences(of: "2023-11-02T", with: "2023-11-09T")
        #expect(try Self.report(published, from: "2023-11-09", days: 1).events.map(\.uid) == [event.uid])
        // --no-estimate leaves the date out, and says why.
        let strict = try Self.report(from: "2023-11-09", days: 1, estimate: false)
        #expect(strict.events.isEmpty && strict.unknownDays.map(\.reason) == [.notEstimated])
    }

    @Test("days no data speaks for have no events and are listed; the file still has its VTIMEZONE")
    func unknownDays() throws {
        let far = try Self.report(from: "2023-11-25", days: 6)
        // The data covers 2023-11-02 to 11-06, so projection reaches 11-27: Saturday and
        // Monday are projected, Sunday is closed as its weekday in the data was.
        let day = { (day: Int) in LocalDate(year: 2023, month: 11, day: day)! }
        #expect(far.events.map(\.date) == [day(25), day(27), day(27)])
        #expect(far.unknownDays.map(\.dates) == [[day(28), day(29), day(30)]])
        #expect(far.unknownDays.map(\.reason) == [.beyondHorizon(coverage: Coverage(first: day(2), last: day(6)))])
        let none = try Self.report(from: "2024-06-01", days: 3)
        #expect(none.events.isEmpty)
        let document = none.render()
        #expect(Self.components("VTIMEZONE", in: document).count == 1 && Self.components("VEVENT", in: document).isEmpty)
    }
}
