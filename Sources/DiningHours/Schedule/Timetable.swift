/// One venue's feed, read in one zone: the real intervals resolved once, and the
/// wall-clock dayparts kept per date for projection. Build it once per feed; ask it
/// for a `Schedule` around the instants you care about.
public struct Timetable: Sendable {
    public let venue: Venue
    public let zone: ZoneRules
    /// nil when the venue has no usable days: its state is always unknown.
    public let coverage: Coverage?
    /// Sorted by start, then feed order.
    let realIntervals: [OpenInterval]
    let daypartsByDate: [LocalDate: [WallDaypart]]

    public init(venue: Venue, zone: ZoneRules) {
        self.venue = venue
        self.zone = zone
        var byDate: [LocalDate: [WallDaypart]] = [:]
        var intervals: [OpenInterval] = []
        var order = 0
        for day in venue.days where day.status != .closed {
            for daypart in day.dayparts {
                defer { order += 1 }
                guard let wall = WallDaypart(daypart, on: day.date, zone: zone, feedOrder: order) else { continue }
                byDate[day.date, default: []].append(wall)
                if let interval = wall.interval(shiftedBy: 0, zone: zone) { intervals.append(interval) }
            }
        }
        self.realIntervals = intervals.sorted(by: Schedule.intervalOrder)
        self.daypartsByDate = byDate
        let dates = venue.days.map(\.date)
        self.coverage = dates.min().map { Coverage(first: $0, last: dates.max()!) }
    }

    /// True when the feed gives `date` at least one open daypart (projection aside).
    public func hasOpenHours(on date: LocalDate) -> Bool { daypartsByDate[date] != nil }

    /// How far ahead a closed venue's next opening is looked for (SPEC §3).
    public static let lookahead = 14 * 86_400

    /// A schedule that answers `status(at: t)` and the next 14 days of transitions.
    public func schedule(around t: Instant, estimate: Bool = true) -> Schedule {
        let today = zone.localDate(of: t)
        // Two days back catches overnight dayparts still open at t; sixteen ahead
        // covers the lookahead even across a DST change.
        return schedule(dates: today.adding(days: -2)...today.adding(days: 16), estimate: estimate)
    }

    /// The feed's intervals plus, with `estimate`, projected ones for the dates of
    /// `dates` that the feed does not cover.
    public func schedule(dates: ClosedRange<LocalDate>, estimate: Bool = true) -> Schedule {
        var intervals = realIntervals
        if estimate, let coverage {
            var projected: [OpenInterval] = []
            var date = dates.lowerBound
            while date <= dates.upperBound {
                if let source = coverage.projectionSource(for: date) {
                    for daypart in daypartsByDate[source] ?? [] {
                        if let interval = daypart.interval(shiftedBy: date.dayNumber - source.dayNumber, zone: zone) {
                            projected.append(interval)
                        }
                    }
                }
                date = date.adding(days: 1)
            }
            if !projected.isEmpty {
                intervals = (intervals + projected).sorted(by: Schedule.intervalOrder)
            }
        }
        let horizon = zone.instant(for: LocalDateTime(date: dates.upperBound.adding(days: 1), secondOfDay: 0))
        return Schedule(timetable: self, dates: dates, estimate: estimate, intervals: intervals, horizon: horizon)
    }

    /// The end of the projected-or-real block open at `start`, for a block that reached
    /// the edge of the window it was found in; nil when it never ends.
    ///
    /// Projection repeats the first covered week backward and the last one forward, so
    /// past either edge of the coverage the hours are periodic: a block open through a
    /// whole projected week is open through every later one. Hence at most three
    /// windows: ten days from the start; if those are all before the data and the
    /// block spans them, it runs on into the data, so from the data's first day on;
    /// then through nine days past the data's last. The windows stay within the
    /// coverage plus a few weeks, whatever `start` is.
    func end(ofBlockOpenAt start: Instant) -> BlockEnd? {
        guard let coverage else { return nil }
        let startDate = zone.localDate(of: start)
        var inside = start
        var dates = startDate.adding(days: -1)...startDate.adding(days: 9)
        for _ in 0..<3 {
            let wide = schedule(dates: dates, estimate: true)
            guard let index = wide.lastBlock(startingAtOrBefore: inside), wide.blocks[index].contains(inside) else { return nil }
            let block = wide.blocks[index]
            if block.end < wide.horizon { return BlockEnd(at: block.end, estimated: block.endEstimated) }
            if dates.upperBound >= coverage.last.adding(days: 9) { return nil }
            if dates.upperBound < coverage.first {
                // Open through ten projected days before the data: open until the data starts.
                let dataStart = zone.instant(for: LocalDateTime(date: coverage.first, secondOfDay: 0))
                inside = dataStart - 1
                dates = coverage.first.adding(days: -2)...coverage.last.adding(days: 9)
            } else {
                dates = dates.lowerBound...max(dates.upperBound, coverage.last).adding(days: 9)
            }
        }
        return nil
    }

    /// Status at `t` from a schedule built for it; for one-off questions.
    public func status(at t: Instant, estimate: Bool = true, soon: Int = VenueStatus.defaultSoon) -> VenueStatus {
        schedule(around: t, estimate: estimate).status(at: t, soon: soon)
    }
}
