/// A daypart after the feed's conventions (HOURS.md §2.2–2.4), still on the wall clock, for projection.
struct WallDaypart: Sendable {
    let start, end: LocalDateTime
    let exact: (start: Instant, end: Instant)?
    let label, message: String
    let feedOrder: Int

    init?(_ daypart: Daypart, on date: LocalDate, zone: ZoneRules, feedOrder: Int) {
        let (start, end) = (daypart.start.written(on: date), daypart.end.written(on: date))
        // §2.4 compares the written wall clocks; §2.3 only then turns 23:59 into midnight.
        guard start.wall != end.wall || start.offset != end.offset else { return nil }
        let isMidnight = end.wall.secondOfDay == 86_340 || end.wall.secondOfDay == 86_399
        var endWall = isMidnight ? LocalDateTime(date: end.wall.date, secondOfDay: 86_400) : end.wall
        if start.offset == nil && end.offset == nil {
            if endWall < start.wall { endWall = endWall.adding(days: 1) }
            (self.start, self.end, exact) = (start.wall, endWall, nil)
        } else {
            let startInstant = zone.instant(for: start.wall, offset: start.offset)
            var endInstant = zone.instant(for: endWall, offset: end.offset)
            if endInstant == startInstant { return nil }
            if endInstant < startInstant { endInstant = zone.instant(for: endWall.adding(days: 1), offset: end.offset) }
            (self.start, self.end) = (zone.localDateTime(of: startInstant), zone.localDateTime(of: endInstant))
            exact = (startInstant, endInstant)
        }
        (label, message, self.feedOrder) = (daypart.label, daypart.message, feedOrder)
    }

    func interval(shiftedBy days: Int, zone: ZoneRules) -> OpenInterval? {
        let (from, to) = days == 0 ? exact ?? (zone.instant(for: start), zone.instant(for: end))
            : (zone.instant(for: start.adding(days: days)), zone.instant(for: end.adding(days: days)))
        guard from < to else { return nil }
        return OpenInterval(start: from, end: to, label: label, message: message, feedOrder: feedOrder,
                            estimated: days != 0)
    }
}
