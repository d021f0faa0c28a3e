import DiningHours
import VenueReports
import Testing

/// HOURS.md §3.8: answers name only dates of years 0001 to 9999, the years ISO 8601 and
/// RFC 5545 write in four digits; what would run past 9999-12-31 stops there and says so.
@Suite struct CalendarRangeTests {
    /// Open every evening to midnight and past it, up to the last date a year of four digits holds.
    static let lastWeek = timetable([
        day("9999-12-29", [part("9999-12-29T09:00", "9999-12-29T17:00", "Day")]),
        day("9999-12-30", [part("9999-12-30T20:00", "9999-12-30T02:00", "Late")]),
        day("9999-12-31", [part("9999-12-31T09:00", "9999-12-31T17:00", "Day"), part("9999-12-31T20:00", "9999-12-31T23:59", "Late")]),
    ])

    @Test func theRangeIsYears0001To9999() {
        #expect("\(CalendarRange.dates.lowerBound)" == "0001-01-01")
        #expect("\(CalendarRange.dates.upperBound)" == "9999-12-31")
        #expect(CalendarRange.dates.lowerBound.adding(days: -1).components.year == 0)
        #expect(CalendarRange.dates.upperBound.adding(days: 1).components.year == 10_000)
    }

    @Test func theWritableInstantsAreTheRangeOnTheZonesClock() {
        let writable = Fixture.newYork.writableInstants
        #expect(Fixture.newYork.iso8601(writable.lowerBound).hasPrefix("0001-01-01T00:00:00"))
        #expect(Fixture.newYork.iso8601(writable.upperBound - 1) == "9999-12-31T23:59:59-05:00")
        #expect(Fixture.newYork.localDate(of: writable.upperBound).components.year == 10_000)
    }

    @Test func aBlockThatRunsIntoYear10000HasNoEnd() {
        let status = Self.lastWeek.status(at: at("9999-12-31T22:00"))
        #expect(status.state == .open && status.label == "Late")
        #expect(status.changesAt == nil && status.mealEndsAt == nil && !status.closingSoon)
    }

    @Test func aBlockThatEndsBeforeYear10000KeepsItsEnd() {
        #expect(Self.lastWeek.status(at: at("9999-12-31T10:00")).changesAt == at("9999-12-31T17:00"))
        #expect(Self.lastWeek.status(at: at("9999-12-30T23:00")).changesAt == at("9999-12-31T02:00"))
    }

    @Test func closedOnTheLastEveningNamesNoOpeningInYear10000() {
        let weekly = timetable((20...26).map { day("9999-12-\($0)", [part("9999-12-\($0)T09:00", "9999-12-\($0)T17:00")]) })
        let status = weekly.status(at: at("9999-12-31T18:00"))
        #expect(status.state == .closed && status.estimated && status.changesAt == nil)
    }

    @Test func transitionsStopAtTheEndOf9999() {
        let schedule = Self.lastWeek.schedule(around: at("9999-12-31T18:00"))
        let listed = schedule.transitions(after: at("9999-12-31T18:00"), through: at("9999-12-31T18:00") + 30 * 86_400)
        #expect(listed.map(\.kind) == [.opens] && listed.map(\.at) == [at("9999-12-31T20:00")])
    }

    @Test func projectionStopsAtTheEndOf9999() {
        let weekly = timetable([day("9999-12-25", [part("9999-12-25T09:00", "9999-12-25T17:00")])])
        let days = weekly.week(from: date("9999-12-29"), days: 7)
        #expect(days.map { "\($0.date)" } == ["9999-12-29", "9999-12-30", "9999-12-31"])
        #expect(CalendarRange.dates(from: date("9999-12-29"), count: 7).cut)
        #expect(!CalendarRange.dates(from: date("9999-12-25"), count: 7).cut)
        // The answer past the range is unknown, never a guess, were anyone to ask.
        #expect(weekly.status(at: at("9999-12-31T12:00") + 86_400).state == .unknown)
    }

    @Test func aDaypartEndingInYear10000IsListedOnlyAsItsBlock() {
        let last = Self.lastWeek.week(from: date("9999-12-31"), days: 1)
        #expect(last.count == 1)
        #expect(last[0].dayparts.map(\.label) == ["Day"])
        #expect(last[0].blocks.map(\.start) == [at("9999-12-31T09:00"), at("9999-12-31T20:00")])
        #expect(last[0].blocks.map { $0.end?.at } == [at("9999-12-31T17:00"), nil])
    }

    @Test func projectionBackwardStopsAtYear0001() {
        let first = timetable([day("0001-01-03", [part("0001-01-03T09:00", "0001-01-03T17:00")])])
        #expect(first.week(from: date("0001-01-01"), days: 3).map { "\($0.date)" } == ["0001-01-01", "0001-01-02", "0001-01-03"])
        #expect(first.coverage?.projectionSource(for: date("0001-01-03").adding(days: -7)) == nil)
    }

    @Test func theDecoderSkipsDatesOutsideTheRange() throws {
        let document = """
            [{"id": 1, "name": "A", "days": [
              {"date": "0000-12-31", "dayparts": []},
              {"date": "9999-12-31", "dayparts": [
                {"starttime": "0000-01-01T09:00:00", "endtime": "9999-12-31T10:00:00", "label": "Bad"},
                {"starttime": "9999-12-31T09:00:00", "endtime": "9999-12-31T10:00:00", "label": "Good"}]}]}]
            """
        let feed = try FeedDecoder.decode(Array(document.utf8))
        #expect(feed.venues.first?.days.map { "\($0.date)" } == ["9999-12-31"])
        #expect(feed.venues.first?.days.first?.dayparts.map(\.label) == ["Good"])
        let reasons = feed.warnings.map(\.reason)
        #expect(reasons == ["date '0000-12-31' is outside years 0001 to 9999; day skipped",
                            "starttime '0000-01-01T09:00:00' is outside years 0001 to 9999; skipped"])
    }

    @Test func anOffsetThatReachesYear10000InTheVenueZoneIsNoInterval() {
        let tokyo = try? ZoneDatabase.system.rules("Asia/Tokyo")
        guard let tokyo else { Issue.record("no Asia/Tokyo"); return }
        let late = timetable([day("9999-12-31", [part("9999-12-31T20:00:00-05:00", "9999-12-31T22:00:00-05:00", "Far")])], zone: tokyo)
        #expect(late.week(from: date("9999-12-31"), days: 1).first?.blocks.isEmpty == true)
    }
}
