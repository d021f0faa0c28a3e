/// The real intervals resolved once and the wall-clock dayparts kept for projection; build it once per feed.
public struct Timetable: Sendable {
    public let venue: Venue
    public let zone: ZoneRules
    public let coverage: Coverage?
    let realIntervals: [OpenInterval]
    let daypartsByDate: [LocalDate: [WallDaypart]]
    let projectionEnd: Instant?
    let writable: Range<Instant>
    public static let lookahead = 14 * 86_400

    public init(venue: Venue, zone: ZoneRules) {
        (self.venue, self.zone, writable) = (venue, zone, zone.writableInstants)
        // A venue built in code may have a day outside years 0001-9999: it must not stretch the coverage.
        let days = venue.days.filter { CalendarRange.dates.contains($0.date) }
        var byDate: [LocalDate: [WallDaypart]] = [:]
        var intervals: [OpenInterval] = []
        let dayparts = days.filter { $0.status != .closed }.flatMap { day in day.dayparts.map { (day.date, $0) } }
        for (order, (date, daypart)) in dayparts.enumerated() {
            guard let wall = WallDaypart(daypart, on: date, zone: zone, feedOrder: order) else { continue }
            byDate[date, default: []].append(wall)
            if let interval = wall.interval(shiftedBy: 0, zone: zone), interval.start < writable.upperBound {
                intervals.append(interval)
            }
        }
        (realIntervals, daypartsByDate) = (intervals.sorted(by: Schedule.intervalOrder), byDate)
        let dates = days.map(\.date)
        coverage = dates.min().flatMap { first in dates.max().map { Coverage(first: first, last: $0) } }
        projectionEnd = coverage.map { zone.midnight(starting: $0.projectable.upperBound.adding(days: 1)) }
    }

    public func hasOpenHours(on date: LocalDate) -> Bool { daypartsByDate[date] != nil }

    /// A date beyond the horizon says so even without estimation: no flag would help there.
    public func unknownReason(on date: LocalDate, estimate: Bool) -> UnknownReason? {
        guard let coverage else { return .noData }
        if coverage.contains(date) { return nil }
        if !coverage.projectable.contains(date) || !CalendarRange.dates.contains(date) {
            return .beyondHorizon(coverage: coverage)
        }
        if !estimate { return .notEstimated }
        return coverage.projectionSource(for: date) == nil ? .noSameWeekday : nil
    }

    public func schedule(around t: Instant, estimate: Bool = true) -> Schedule {
        let today = zone.localDate(of: t)
        // Two days back catches overnight dayparts still open at t; sixteen ahead covers the lookahead, DST or not.
        return schedule(dates: today.adding(days: -2)...today.adding(days: 16), estimate: estimate)
    }

    public func schedule(dates: ClosedRange<LocalDate>, estimate: Bool = true) -> Schedule {
        var intervals = realIntervals
        if estimate, let coverage {
            var projected: [OpenInterval] = []
            for day in dates.lowerBound.dayNumber...dates.upperBound.dayNumber {
                let date = LocalDate(dayNumber: day)
                guard let source = coverage.projectionSource(for: date) else { continue }
                projected += repeated(from: source, on: date).filter { $0.start < writable.upperBound }
            }
            if !projected.isEmpty { intervals = (intervals + projected).sorted(by: Schedule.intervalOrder) }
        }
        let windowEnd = zone.midnight(starting: dates.upperBound.adding(days: 1))
        return Schedule(timetable: self, dates: dates, estimate: estimate, intervals: intervals, windowEnd: windowEnd)
    }

    private func repeated(from source: LocalDate, on date: LocalDate) -> [OpenInterval] {
        let days = date.dayNumber - source.dayNumber
        return (daypartsByDate[source] ?? []).compactMap { $0.interval(shiftedBy: days, zone: zone) }
    }

    /// Ten days answer most blocks; a longer one (open around the clock) is followed to the day after the horizon.
    func end(ofBlockOpenAt start: Instant) -> BlockEnd? {
        guard let coverage else { return nil }
        let startDate = zone.localDate(of: start)
        let lastDate = coverage.projectable.upperBound.adding(days: 1)
        var dates = startDate.adding(days: -1)...startDate.adding(days: 9)
        for _ in 0..<2 {
            let wide = schedule(dates: dates, estimate: true)
            guard let index = wide.lastBlock(startingAtOrBefore: start), wide.blocks[index].contains(start) else {
                return nil
            }
            let block = wide.blocks[index]
            if block.end < wide.windowEnd || dates.upperBound >= lastDate {
                return horizonCuts(blockEndingAt: block.end) ? nil : BlockEnd(at: block.end, estimated: block.endEstimated)
            }
            dates = dates.lowerBound...lastDate
        }
        return nil
    }

    /// Such an end is where the guessing stops, not where the venue closes: no closing time to show or push.
    func horizonCuts(blockEndingAt end: Instant) -> Bool {
        guard let coverage, let projectionEnd, end >= projectionEnd else { return false }
        let first = coverage.projectable.upperBound.dayNumber + 1
        return stride(from: first, through: zone.localDate(of: end).dayNumber, by: 1).contains { day in
            let date = LocalDate(dayNumber: day)
            guard let source = coverage.sameWeekday(for: date) else { return false }
            return repeated(from: source, on: date).contains { $0.start <= end && end < $0.end }
        }
    }

    public func status(at t: Instant, estimate: Bool = true, soon: Int = VenueStatus.defaultSoon) -> VenueStatus {
        schedule(around: t, estimate: estimate).status(at: t, soon: soon)
    }
}
