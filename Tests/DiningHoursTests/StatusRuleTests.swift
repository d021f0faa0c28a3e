import DiningHours
import Testing

/// HOURS.md §3: status at an instant, worked on the real feed and on small feeds.
@Suite struct StatusRuleTests {
    static let campus = Campus(feed: try! FeedDecoder.decode(try! Fixture.penn("pennlabs_backup-data_venues.json")), zone: Fixture.newYork)

    private func status(_ id: Int, _ time: String, estimate: Bool = true, soon: Int = 900) -> VenueStatus {
        Self.campus.timetables.first { $0.venue.id == id }!.status(at: at(time), estimate: estimate, soon: soon)
    }

    private func iso(_ instant: Instant?) -> String? { instant.map(Fixture.newYork.iso8601) }

    @Test func everyVenueAtMondayNoon() {
        let expected: [Int: (VenueStatus.State, String?, String)] = [
            593: (.open, "Lunch", "2023-09-18T16:30:00-04:00"), 636: (.open, "Lunch", "2023-09-18T16:30:00-04:00"),
            637: (.open, "Lunch", "2023-09-18T16:30:00-04:00"), 638: (.open, "Lunch", "2023-09-18T14:00:00-04:00"),
            639: (.open, "Houston Market", "2023-09-18T19:30:00-04:00"), 641: (.open, "Accenture", "2023-09-18T17:00:00-04:00"),
            642: (.open, "Joe", "2023-09-18T17:00:00-04:00"), 747: (.open, "Sushi and Market", "2023-09-18T20:00:00-04:00"),
            1057: (.open, "Lunch", "2023-09-19T00:00:00-04:00"), 1163: (.open, "Starbucks", "2023-09-19T00:00:00-04:00"),
            1442: (.closed, nil, "2023-09-18T17:00:00-04:00"), 1732: (.open, "Pret a Manger", "2023-09-18T16:00:00-04:00"),
            1733: (.open, "Pret a Manger", "2023-09-18T20:00:00-04:00"), 1464004: (.closed, nil, "2023-09-18T17:00:00-04:00"),
            1464009: (.open, "Cafe West", "2023-09-18T15:00:00-04:00"),
        ]
        for timetable in Self.campus.timetables {
            let got = timetable.status(at: at("2023-09-18T12:00"))
            let want = expected[timetable.venue.id]!
            #expect(got.state == want.0 && got.label == want.1 && iso(got.changesAt) == want.2 && !got.estimated, "\(timetable.venue.name)")
        }
    }

    @Test func labelIsTheContainingDaypartThatStartedLast() {
        // Gourmet Grocer: "Gourmet Grocer" 09:00-23:59 and "Lunch" 11:00-17:00 both hold at noon.
        #expect(status(1057, "2023-09-18T10:00").label == "Gourmet Grocer")
        #expect(status(1057, "2023-09-18T12:00").label == "Lunch")
        #expect(iso(status(1057, "2023-09-18T12:00").mealEndsAt) == "2023-09-18T17:00:00-04:00")
        #expect(status(1057, "2023-09-18T21:00").label == "Gourmet Grocer")
        #expect(status(1057, "2023-09-18T21:00").mealEndsAt == nil)
    }

    @Test func labelTiesGoToTheFirstInTheFeed() {
        // Houston Market on Sunday: two dayparts 11:00-19:30, "Houston Market" first in the feed.
        #expect(status(639, "2023-09-17T12:00").label == "Houston Market")
        let table = timetable([day("2023-09-18", [part("2023-09-18T08:00:00", "2023-09-18T10:00:00", "First"),
                                                  part("2023-09-18T08:00:00", "2023-09-18T11:00:00", "Second")])])
        #expect(table.status(at: at("2023-09-18T09:00")).label == "First")
        #expect(table.status(at: at("2023-09-18T10:30")).label == "Second")
    }

    @Test func touchingRangesAreOneBlockWithTheLabelOfTheCurrentMeal() {
        // 1920 Commons Saturday: Brunch 09:00-14:00 then Light Bunch 14:00-16:30.
        let s = status(593, "2023-09-16T14:00")
        #expect(s.state == .open && s.label == "Light Bunch" && iso(s.changesAt) == "2023-09-16T16:30:00-04:00")
        #expect(iso(status(593, "2023-09-16T13:00").changesAt) == "2023-09-16T16:30:00-04:00")
        #expect(iso(status(593, "2023-09-16T13:00").mealEndsAt) == "2023-09-16T14:00:00-04:00")
    }

    @Test func closingSoonUsesTheThreshold() {
        #expect(status(593, "2023-09-18T16:15").closingSoon)
        #expect(!status(593, "2023-09-18T16:14:59").closingSoon)
        #expect(status(593, "2023-09-18T16:00", soon: 30 * 60).closingSoon)
        #expect(!status(1442, "2023-09-18T16:50").closingSoon)
    }

    @Test func closedDaysAndGapsInCoverageAreClosedNotUnknown() {
        // Falk is closed Saturday and Sunday (status "closed"); opens Monday 11:30.
        let falk = status(638, "2023-09-16T12:00")
        #expect(falk.state == .closed && iso(falk.changesAt) == "2023-09-18T11:30:00-04:00" && falk.nextLabel == "Lunch")
        // Quaker Kitchen has an empty Wednesday: closed, next opening Thursday.
        #expect(iso(status(1464004, "2023-09-20T18:00").changesAt) == "2023-09-21T17:00:00-04:00")
        let table = timetable([day("2023-09-18", [part("08:00", "09:00")]), day("2023-09-20", [part("08:00", "09:00")])])
        #expect(table.status(at: at("2023-09-19T08:30"), estimate: false).state == .closed)
    }

    @Test func nextOpeningIsLookedForFourteenDaysAhead() {
        let table = timetable([day("2023-09-01", [part("08:00", "09:00")]), day("2023-09-14", []), day("2023-09-30", [part("08:00", "09:00")])])
        #expect(iso(table.status(at: at("2023-09-16T09:00"), estimate: false).changesAt) == "2023-09-30T08:00:00-04:00")
        #expect(table.status(at: at("2023-09-15T12:00"), estimate: false).changesAt == nil)
        #expect(table.status(at: at("2023-09-15T12:00"), estimate: false).state == .closed)
    }

    @Test func datesAfterTheFeedAreProjectedFromTheLatestSameWeekday() {
        // 2023-10-02 is a Monday: 1920 Commons' Monday (2023-09-18) projected.
        let s = status(593, "2023-10-02T12:00")
        #expect(s.state == .open && s.label == "Lunch" && s.estimated)
        #expect(iso(s.changesAt) == "2023-10-02T16:30:00-04:00")
        #expect(status(593, "2023-10-02T07:29").state == .closed)
        #expect(iso(status(593, "2023-10-02T07:00").changesAt) == "2023-10-02T07:30:00-04:00")
        // Lauder: the feed's Friday has no hours, so a projected Friday is closed.
        let lauder = status(1442, "2023-09-29T18:00")
        #expect(lauder.state == .closed && lauder.estimated && iso(lauder.changesAt) == "2023-10-01T17:00:00-04:00")
    }

    @Test func projectionKeepsWallClockTimesAcrossADSTChange() {
        // A week before the change to standard time (2023-11-05), projected past it.
        let fall = timetable([day("2023-10-30", [part("07:30", "10:30", "Breakfast")])])
        #expect(iso(fall.status(at: at("2023-11-06T07:00")).changesAt) == "2023-11-06T07:30:00-05:00")
        #expect(iso(fall.status(at: at("2023-11-06T08:00")).changesAt) == "2023-11-06T10:30:00-05:00")
        // And past the change to summer time (2024-03-10).
        let spring = timetable([day("2024-03-04", [part("07:30", "10:30", "Breakfast")])])
        #expect(iso(spring.status(at: at("2024-03-11T07:00")).changesAt) == "2024-03-11T07:30:00-04:00")
    }

    @Test func datesBeforeTheFeedAreProjectedFromTheEarliestSameWeekday() {
        let table = timetable([day("2023-09-18", [part("08:00", "09:00", "A")]), day("2023-09-25", [part("10:00", "11:00", "B")])])
        let s = table.status(at: at("2023-09-11T08:30"))
        #expect(s.state == .open && s.label == "A" && s.estimated)
        #expect(table.status(at: at("2023-10-02T10:30")).label == "B")
    }

    @Test func projectionReachesTheHorizonDayAfterTheDataAndNoFurther() {
        // The data ends Friday 2023-09-22; 21 days on is Friday 2023-10-13.
        #expect(Coverage.horizonDays == 21)
        let boundary = status(593, "2023-10-13T12:00")
        #expect(boundary.state == .open && boundary.estimated && iso(boundary.changesAt) == "2023-10-13T16:30:00-04:00")
        #expect(status(593, "2023-10-13T23:59:59").state == .closed)
        let past = status(593, "2023-10-14T00:00")
        #expect(past.state == .unknown && past.changesAt == nil && !past.estimated)
        #expect(past.unknownReason == .beyondHorizon(coverage: Coverage(first: date("2023-09-16"), last: date("2023-09-22"))))
        #expect(status(593, "2023-10-14T12:00").unknownReason == past.unknownReason)
        // On the horizon's last evening, no opening is known: the next one would be a guess past it.
        #expect(status(593, "2023-10-13T22:00").state == .closed && status(593, "2023-10-13T22:00").changesAt == nil)
    }

    @Test func projectionReachesTheHorizonDayBeforeTheDataAndNoFurther() {
        // The data starts Saturday 2023-09-16; 21 days before is Saturday 2023-08-26.
        let boundary = status(593, "2023-08-26T12:00")
        #expect(boundary.state == .open && boundary.label == "Brunch" && boundary.estimated)
        #expect(status(593, "2023-08-26T00:00").state == .closed)
        let past = status(593, "2023-08-25T23:59:59")
        #expect(past.state == .unknown && past.unknownReason == .beyondHorizon(coverage: Coverage(first: date("2023-09-16"), last: date("2023-09-22"))))
        #expect(status(593, "2023-08-25T12:00").state == .unknown)
    }

    @Test func hoursFromYearsAgoAreNotPresentedAsToday() {
        // Thanksgiving 2026: the 2023 week is no guess for it, with or without estimation.
        for estimate in [true, false] {
            for timetable in Self.campus.timetables {
                let s = timetable.status(at: at("2026-11-26T12:00"), estimate: estimate)
                #expect(s.state == .unknown && !s.estimated && s.unknownReason?.name == "beyond_horizon", "\(timetable.venue.name)")
            }
        }
    }

    @Test func withoutEstimationUncoveredDatesAreUnknown() {
        let s = status(593, "2023-09-25T12:00", estimate: false)
        #expect(s.state == .unknown && s.changesAt == nil && !s.estimated && s.unknownReason == .notEstimated)
    }

    @Test func aWeekdayTheFeedNeverHadIsUnknown() {
        // Coverage Mon-Wed only: a Saturday cannot be projected.
        let table = timetable([day("2023-09-18", [part("08:00", "09:00")]), day("2023-09-20", [part("08:00", "09:00")])])
        #expect(table.status(at: at("2023-09-23T08:30")).state == .unknown)
        #expect(table.status(at: at("2023-09-23T08:30")).unknownReason == .noSameWeekday)
        #expect(table.status(at: at("2023-09-25T08:30")).state == .open)
    }

    @Test func aVenueWithNoUsableDaysIsUnknown() {
        #expect(timetable([]).status(at: at("2023-09-18T12:00")).state == .unknown)
        #expect(timetable([]).status(at: at("2023-09-18T12:00")).unknownReason == .noData)
    }

    @Test func onlyUnknownStatesCarryAReason() {
        for t in ["2023-09-18T12:00", "2023-09-18T03:00", "2023-10-02T12:00", "2023-08-28T03:00"] {
            #expect(Self.campus.statuses(at: at(t)).allSatisfy { $0.unknownReason == nil }, "\(t)")
        }
    }

    @Test func closedInsideCoverageWithAProjectedNextOpeningIsEstimated() {
        // Last covered day is Friday 2023-09-22; Saturday's opening is projected.
        let s = status(593, "2023-09-22T21:00")
        #expect(s.state == .closed && s.estimated && iso(s.changesAt) == "2023-09-23T09:00:00-04:00")
        #expect(!status(593, "2023-09-21T21:00").estimated)
    }

    @Test func aRealOvernightCloseIntoAnUncoveredDateIsOpenAndExact() {
        let table = timetable([day("2023-09-22", [part("20:00", "02:00")])])
        let s = table.status(at: at("2023-09-23T01:00"), estimate: false)
        #expect(s.state == .open && !s.estimated && iso(s.changesAt) == "2023-09-23T02:00:00-04:00")
    }

    @Test func transitionsListOpeningsAndClosingsInOrder() {
        let schedule = Self.campus.timetables[0].schedule(around: at("2023-09-18T06:00"))
        let next = schedule.transitions(after: at("2023-09-18T06:00"), through: at("2023-09-18T23:00"))
        #expect(next.map { "\($0.kind.rawValue) \(Fixture.newYork.iso8601($0.at)) \($0.label ?? "-")" } == [
            "opens 2023-09-18T07:30:00-04:00 Breakfast", "closes 2023-09-18T10:30:00-04:00 -",
            "opens 2023-09-18T11:00:00-04:00 Lunch", "closes 2023-09-18T16:30:00-04:00 -",
            "opens 2023-09-18T17:00:00-04:00 Dinner", "closes 2023-09-18T21:30:00-04:00 -",
        ])
        let campusNext = Self.campus.transitions(after: at("2023-09-18T07:00"), through: at("2023-09-18T08:00"))
        #expect(campusNext.map(\.venueID) == [593, 636, 637, 639, 641, 642, 1163, 1732, 1733, 1464009])
    }

    @Test func transitionsStopAtTheHorizon() {
        // From the horizon's last day: its own openings and closings, nothing after.
        let start = at("2023-10-13T00:00")
        let next = Self.campus.transitions(after: start, through: start + Timetable.lookahead)
        #expect(!next.isEmpty && next.allSatisfy(\.estimated))
        #expect(next.allSatisfy { Fixture.newYork.localDate(of: $0.at) <= date("2023-10-14") })
        #expect(!next.contains { $0.kind == .opens && Fixture.newYork.localDate(of: $0.at) > date("2023-10-13") })
        #expect(Self.campus.transitions(after: at("2023-10-14T00:00"), through: at("2023-10-28T00:00")).isEmpty)
        // Before the data's backward horizon, the first transition is an opening on its first day.
        let early = Self.campus.transitions(after: at("2023-08-20T00:00"), through: at("2023-09-03T00:00"))
        #expect(early.first.map { Fixture.newYork.localDate(of: $0.at) } == date("2023-08-26"))
    }

    @Test func weekViewMarksProjectedDaysAndOvernightBlocks() {
        let days = Self.campus.timetables[0].week(from: date("2023-09-20"), days: 7)
        #expect(days.map(\.estimated) == [false, false, false, true, true, true, true])
        let edge = Self.campus.timetables[0].week(from: date("2023-10-12"), days: 3)
        #expect(edge.map(\.known) == [true, true, false] && edge.map(\.estimated) == [true, true, false])
        #expect(edge[2].unknownReason?.name == "beyond_horizon" && edge[2].blocks.isEmpty)
        #expect(days[0].blocks.count == 3 && days[0].dayparts.map(\.label) == ["Breakfast", "Lunch", "Dinner"])
        let overnight = timetable([day("2023-09-18", [part("20:00", "02:00")]), day("2023-09-19", [])]).week(from: date("2023-09-18"), days: 2, estimate: false)
        #expect(overnight[0].blocks.count == 1 && overnight[1].blocks.isEmpty && !overnight[1].openAllDay)
        let allDay = timetable([day("2023-09-18", [part("00:00", "23:59")]), day("2023-09-19", [part("00:00", "23:59")]),
                                day("2023-09-20", [part("00:00", "23:59")])]).week(from: date("2023-09-18"), days: 3, estimate: false)
        #expect(allDay.map(\.openAllDay) == [false, true, true])
    }
}
