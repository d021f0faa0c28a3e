import VenueReports
import DiningHours
import Testing

/// HOURS.md §2: from dayparts to open intervals and merged blocks.
@Suite struct IntervalRuleTests {
    /// Blocks as `start/end` in ISO 8601 with offsets.
    private func blocks(_ days: [Day]) -> [String] {
        let zone = Fixture.newYork
        return timetable(days).schedule(dates: date("2023-09-01")...date("2023-09-30"), estimate: false).blocks
            .map { "\(zone.iso8601($0.start))/\(zone.iso8601($0.end))" }
    }

    @Test(arguments: ["closed", "Closed", "CLOSED"])
    func closedDayContributesNothingInAnyCase(status: String) throws {
        let json = #"[{"id":1,"name":"X","days":[{"date":"2023-09-18","status":"\#(status)","dayparts":[{"starttime":"2023-09-18T08:00:00","endtime":"2023-09-18T10:00:00","label":"B"}]}]}]"#
        let venue = try FeedDecoder.decode(Array(json.utf8)).venues[0]
        let table = Timetable(venue: venue, zone: Fixture.newYork)
        #expect(table.schedule(around: at("2023-09-18T09:00")).blocks.isEmpty)
        #expect(table.status(at: at("2023-09-18T09:00")).state == .closed)
    }

    @Test func openEmptyAndMissingStatusesContributeTheirDayparts() throws {
        let json = #"[{"id":1,"name":"X","days":[{"date":"2023-09-18","status":"","dayparts":[{"starttime":"08:00","endtime":"09:00"}]},{"date":"2023-09-19","dayparts":[{"starttime":"08:00","endtime":"09:00"}]},{"date":"2023-09-20","status":"open","dayparts":[{"starttime":"08:00","endtime":"09:00"}]}]}]"#
        let venue = try FeedDecoder.decode(Array(json.utf8)).venues[0]
        #expect(Timetable(venue: venue, zone: Fixture.newYork).schedule(around: at("2023-09-19T00:00"), estimate: false).blocks.count == 3)
    }

    @Test func endOf2359MeansMidnight() {
        #expect(blocks([day("2023-09-18", [part("2023-09-18T09:00:00", "2023-09-18T23:59:00")])])
            == ["2023-09-18T09:00:00-04:00/2023-09-19T00:00:00-04:00"])
        #expect(blocks([day("2023-09-18", [part("2023-09-18T09:00:00", "2023-09-18T23:59:59")])])
            == ["2023-09-18T09:00:00-04:00/2023-09-19T00:00:00-04:00"])
    }

    @Test func midnightEndsJoinTheNextDaysMidnightStart() {
        let days = [day("2023-09-18", [part("2023-09-18T20:00:00", "2023-09-18T23:59:00")]),
                    day("2023-09-19", [part("2023-09-19T00:00:00", "2023-09-19T02:00:00")])]
        #expect(blocks(days) == ["2023-09-18T20:00:00-04:00/2023-09-19T02:00:00-04:00"])
    }

    @Test func equalStartAndEndIsEmpty() {
        #expect(blocks([day("2023-09-18", [part("2023-09-18T16:30:00", "2023-09-18T16:30:00")])]).isEmpty)
        #expect(blocks([day("2023-09-18", [part("2023-09-18T23:59:00", "2023-09-18T23:59:00")])]).isEmpty)
    }

    @Test func endBeforeStartClosesOnTheNextDate() {
        // Mark's Cafe in the 2017 feed: 08:30-02:00 written on one date.
        #expect(blocks([day("2023-09-18", [part("2023-09-18T08:30:00", "2023-09-18T02:00:00")])])
            == ["2023-09-18T08:30:00-04:00/2023-09-19T02:00:00-04:00"])
    }

    @Test func bareTimesUseTheDaysDate() {
        #expect(blocks([day("2023-09-18", [part("17:00", "02:00")])]) == ["2023-09-18T17:00:00-04:00/2023-09-19T02:00:00-04:00"])
    }

    @Test func timesWithOffsetsAreAbsoluteInstants() {
        #expect(blocks([day("2023-09-18", [part("2023-09-18T10:00:00-05:00", "2023-09-18T14:00:00Z")])])
            == ["2023-09-18T11:00:00-04:00/2023-09-19T10:00:00-04:00"])
    }

    @Test func overlappingTouchingAndDuplicateRangesMerge() {
        let days = [day("2023-09-18", [
            part("2023-09-18T17:00:00", "2023-09-18T21:00:00", "Dinner"),
            part("2023-09-18T11:00:00", "2023-09-18T16:30:00", "Lunch"),
            part("2023-09-18T16:30:00", "2023-09-18T17:00:00", "Light"),
            part("2023-09-18T11:00:00", "2023-09-18T16:30:00", "Lunch"),
            part("2023-09-18T07:00:00", "2023-09-18T10:00:00", "Breakfast"),
            part("2023-09-18T08:00:00", "2023-09-18T09:00:00", "Coffee"),
        ])]
        #expect(blocks(days) == ["2023-09-18T07:00:00-04:00/2023-09-18T10:00:00-04:00",
                                 "2023-09-18T11:00:00-04:00/2023-09-18T21:00:00-04:00"])
    }

    @Test func intervalsAreHalfOpen() {
        let table = timetable([day("2023-09-18", [part("2023-09-18T11:00:00", "2023-09-18T14:00:00")])])
        #expect(table.status(at: at("2023-09-18T10:59:59")).state == .closed)
        #expect(table.status(at: at("2023-09-18T11:00:00")).state == .open)
        #expect(table.status(at: at("2023-09-18T13:59:59")).state == .open)
        #expect(table.status(at: at("2023-09-18T14:00:00")).state == .closed)
    }
}

/// HOURS.md §2.5: wall clock to instant by the earlier-offset rule, in several zones.
@Suite struct ZoneRuleTests {
    @Test func springGapReadsWithTheOffsetBeforeTheGap() {
        // 2023-03-12 02:30 does not exist in New York: it is 03:30 EDT (07:30Z).
        #expect(at("2023-03-12T02:30:00").description == "2023-03-12T07:30:00Z")
        #expect(Fixture.newYork.iso8601(at("2023-03-12T02:30:00")) == "2023-03-12T03:30:00-04:00")
        #expect(at("2023-03-12T01:59:59").description == "2023-03-12T06:59:59Z")
        #expect(at("2023-03-12T03:00:00").description == "2023-03-12T07:00:00Z")
    }

    @Test func fallOverlapIsTheFirstOccurrence() {
        // 2023-11-05 01:30 happens twice; the first is EDT (05:30Z).
        #expect(at("2023-11-05T01:30:00").description == "2023-11-05T05:30:00Z")
        #expect(at("2023-11-05T00:59:59").description == "2023-11-05T04:59:59Z")
        #expect(at("2023-11-05T02:00:00").description == "2023-11-05T07:00:00Z")
    }

    @Test func overnightAcrossSpringForwardIsOneHourShorter() throws {
        let table = timetable([day("2023-03-11", [part("2023-03-11T22:00:00", "2023-03-11T06:00:00")])])
        let block = try #require(table.schedule(around: at("2023-03-11T23:00")).blocks.first)
        #expect(block.end - block.start == 7 * 3600)
        #expect(table.status(at: at("2023-03-12T05:59")).state == .open)
        #expect(Fixture.newYork.iso8601(block.end) == "2023-03-12T06:00:00-04:00")
    }

    @Test func overnightAcrossFallBackIsOneHourLonger() throws {
        let table = timetable([day("2023-11-04", [part("2023-11-04T22:00:00", "2023-11-04T06:00:00")])])
        let block = try #require(table.schedule(around: at("2023-11-04T23:00")).blocks.first)
        #expect(block.end - block.start == 9 * 3600)
        #expect(Fixture.newYork.iso8601(block.end) == "2023-11-05T06:00:00-05:00")
    }

    @Test func daypartInsideTheGapStartsAfterIt() {
        // 02:00-02:30 lies wholly in the gap: both ends land an hour later, 03:00-03:30 EDT.
        let table = timetable([day("2023-03-12", [part("2023-03-12T02:00:00", "2023-03-12T02:30:00", "Ghost")])])
        #expect(table.status(at: at("2023-03-12T03:15")).label == "Ghost")
        // 02:30-03:15: the start resolves to 03:30 EDT, after the end: nothing is open.
        let inverted = timetable([day("2023-03-12", [part("2023-03-12T02:30:00", "2023-03-12T03:15:00")])])
        #expect(inverted.schedule(around: at("2023-03-12T12:00"), estimate: false).blocks.isEmpty)
    }

    @Test func southernHemisphereZone() throws {
        let sydney = try ZoneDatabase.system.rules("Australia/Sydney")
        // Sydney springs forward 2023-10-01 02:00 -> 03:00 (+10 -> +11) and falls back 2023-04-02 03:00 -> 02:00.
        #expect(sydney.iso8601(at("2023-10-01T02:30:00", sydney)) == "2023-10-01T03:30:00+11:00")
        #expect(sydney.iso8601(at("2023-04-02T02:30:00", sydney)) == "2023-04-02T02:30:00+11:00")
        #expect(sydney.iso8601(at("2023-07-01T12:00:00", sydney)) == "2023-07-01T12:00:00+10:00")
        let table = timetable([day("2023-04-01", [part("2023-04-01T20:00:00", "2023-04-01T04:00:00")])], zone: sydney)
        let block = try #require(table.schedule(around: at("2023-04-01T21:00", sydney)).blocks.first)
        #expect(block.end - block.start == 9 * 3600)
    }

    @Test func halfHourDSTShift() throws {
        // Lord Howe Island moves by 30 minutes: +10:30 -> +11 on 2023-10-01 at 02:00.
        let lordHowe = try ZoneDatabase.system.rules("Australia/Lord_Howe")
        #expect(lordHowe.iso8601(at("2023-10-01T02:15:00", lordHowe)) == "2023-10-01T02:45:00+11:00")
        #expect(lordHowe.iso8601(at("2023-10-01T01:59:00", lordHowe)) == "2023-10-01T01:59:00+10:30")
        // ... and back on 2023-04-02 at 02:00: 01:45 happens twice; the first is +11.
        #expect(lordHowe.iso8601(at("2023-04-02T01:45:00", lordHowe)) == "2023-04-02T01:45:00+11:00")
        let table = timetable([day("2023-09-30", [part("2023-09-30T22:00:00", "2023-09-30T06:00:00")])], zone: lordHowe)
        let block = try #require(table.schedule(around: at("2023-09-30T23:00", lordHowe)).blocks.first)
        #expect(block.end - block.start == 7 * 3600 + 1800)
    }

    @Test(arguments: ["America/New_York", "Australia/Lord_Howe", "Europe/London", "Asia/Kolkata", "America/Sao_Paulo",
                      "Asia/Pyongyang", "Pacific/Apia", "America/St_Johns", "Africa/Casablanca", "UTC"])
    func transitionTableAgreesWithFoundation(identifier: String) throws {
        let rules = try ZoneDatabase.system.rules(identifier)
        let zone = try #require(TimeZoneReference(identifier))
        var generator = SplitMix64(seed: 7)
        for _ in 0..<3000 {
            let t = Instant(secondsSinceEpoch: Int(generator.next() % 5_000_000_000) - 500_000_000)
            #expect(rules.offset(at: t) == zone.offset(at: t), "\(identifier) at \(t)")
        }
    }

    @Test func unknownZoneIsAnError() {
        #expect(throws: ZoneError.unknownZone("Mars/Olympus_Mons")) { try ZoneDatabase.system.rules("Mars/Olympus_Mons") }
        #expect(ZoneError.unknownZone("X").description.contains("IANA"))
    }
}
