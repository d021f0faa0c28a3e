import DiningHours
import Testing

/// A block ends where it really ends, however far that is: through the rest of the
/// data, then through projected weeks up to the horizon; it has no known end when the
/// horizon cuts it short. Status, next transitions and the hours view agree, wherever
/// the instant asked about lies.
@Suite struct BlockEndTests {
    /// Open around the clock (00:00-23:59) on `count` dates from `first`.
    private func aroundTheClock(from first: String, count: Int, closedOn closed: Set<Int> = []) -> Timetable {
        timetable((0..<count).map { offset in
            let date = "\(LocalDateTime(date: date(first).adding(days: offset), secondOfDay: 0).date)"
            return day(date, closed: closed.contains(offset), [part("\(date)T00:00:00", "\(date)T23:59:00", "All day")])
        })
    }

    private func iso(_ instant: Instant?) -> String? { instant.map(Fixture.newYork.iso8601) }

    @Test func openAroundTheClockThroughThreeWeeksOfDataHasNoKnownClose() {
        let table = aroundTheClock(from: "2023-09-04", count: 21)
        let status = table.status(at: at("2023-09-06T12:00"))
        #expect(status.state == .open && status.changesAt == nil && status.estimated)
        // Without projection the data's end is the end, and it is no estimate.
        let exact = table.status(at: at("2023-09-06T12:00"), estimate: false)
        #expect(iso(exact.changesAt) == "2023-09-25T00:00:00-04:00" && !exact.estimated)
    }

    @Test func askedWeeksBeforeTheDataABlockThatRunsIntoItHasNoKnownClose() {
        let table = aroundTheClock(from: "2023-09-16", count: 7)
        let status = table.status(at: at("2023-08-30T12:00"))
        #expect(status.state == .open && status.changesAt == nil && status.estimated)
    }

    @Test func aBlockThatClosesInsideTheDataWeeksAwayIsExact() {
        // 21 days, the 20th closed: asked on the 2nd day, it closes at the 20th's midnight.
        let table = aroundTheClock(from: "2023-09-04", count: 21, closedOn: [19])
        let status = table.status(at: at("2023-09-05T12:00"))
        #expect(iso(status.changesAt) == "2023-09-23T00:00:00-04:00" && !status.estimated)
        let next = table.schedule(around: at("2023-09-22T12:00")).transitions(after: at("2023-09-22T12:00"), through: at("2023-10-06T12:00"))
        #expect(next.map { "\($0.kind) \(iso($0.at)!) \($0.estimated)" }.prefix(2) == [
            "closes 2023-09-23T00:00:00-04:00 false", "opens 2023-09-24T00:00:00-04:00 false",
        ])
    }

    @Test func aBlockEndingInProjectedHoursIsEstimated() {
        // Open every day but Sunday (2023-09-17) in the data's week: projected forward, a
        // block open from Monday closes at the projected Sunday's start.
        let table = aroundTheClock(from: "2023-09-16", count: 7, closedOn: [1])
        let status = table.status(at: at("2023-09-25T12:00"))
        #expect(iso(status.changesAt) == "2023-10-01T00:00:00-04:00" && status.estimated)
    }

    @Test func aBlockOpenThroughTheHorizonHasNoKnownCloseAndPushesNone() {
        // Open around the clock; the data ends 2023-09-22, the horizon on 2023-10-13.
        let table = aroundTheClock(from: "2023-09-16", count: 7)
        let status = table.status(at: at("2023-10-13T12:00"))
        #expect(status.state == .open && status.changesAt == nil && status.estimated && !status.closingSoon)
        let next = table.schedule(around: at("2023-10-10T12:00")).transitions(after: at("2023-10-10T12:00"), through: at("2023-10-24T12:00"))
        #expect(next.isEmpty, "the horizon is no closing time: \(next)")
        #expect(table.status(at: at("2023-10-14T00:00")).state == .unknown)
        #expect(table.week(from: date("2023-10-13"), days: 1)[0].openAllDay)
    }

    @Test func aBlockThatClosesAtTheHorizonForItsOwnReasonKeepsItsClose() {
        // Closed on Saturdays: the projected week's Friday ends at midnight, horizon or not.
        let table = aroundTheClock(from: "2023-09-16", count: 7, closedOn: [0])
        let status = table.status(at: at("2023-10-13T12:00"))
        #expect(iso(status.changesAt) == "2023-10-14T00:00:00-04:00" && status.estimated)
        let next = table.schedule(around: at("2023-10-13T12:00")).transitions(after: at("2023-10-13T12:00"), through: at("2023-10-27T12:00"))
        #expect(next.map { "\($0.kind) \(iso($0.at)!)" } == ["closes 2023-10-14T00:00:00-04:00"])
    }

    @Test func hoursShowTheTrueEndPastTheDaysShownAndNoEndForABlockCutByTheHorizon() {
        // Monday 2023-09-18 to Sunday 00:00: three days shown, the block still ends Sunday.
        let table = aroundTheClock(from: "2023-09-16", count: 7, closedOn: [1])
        let days = table.week(from: date("2023-09-18"), days: 3, estimate: false)
        #expect(days[0].blocks.map { iso($0.end?.at) } == ["2023-09-23T00:00:00-04:00"])
        #expect(days[1].openAllDay && days[2].openAllDay)
        // Closed on the first Saturday only: projected Saturdays before the data are
        // closed, the last week is open throughout, so the block from Sunday never ends.
        let forever = aroundTheClock(from: "2023-09-16", count: 8, closedOn: [0]).week(from: date("2023-09-17"), days: 3)
        #expect(forever[0].blocks.count == 1 && forever[0].blocks[0].end == nil)
    }
}
