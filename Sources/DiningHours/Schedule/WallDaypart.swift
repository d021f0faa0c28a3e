/// A daypart after the feed's conventions (HOURS.md §2.2–2.4), still on the wall clock: the form that
/// projection shifts by whole weeks before zone resolution.
struct WallDaypart: Sendable {
    let start: LocalDateTime
    let end: LocalDateTime
    /// Set when the feed gave explicit offsets: those instants are used as they are.
    let exact: (start: Instant, end: Instant)?
    let label: String
    let message: String
    let feedOrder: Int

    /// nil for a daypart that is empty under the rules.
    init?(_ daypart: Daypart, on date: LocalDate, zone: ZoneRules, feedOrder: Int) {
        let start = WrittenTime(daypart.start, on: date)
        let end = WrittenTime(daypart.end, on: date)
        // §2.4 compares the written wall clocks; §2.3 only then turns 23:59 into midnight.
        guard start.wall != end.wall || start.offset != end.offset else { return nil }
        var endWall = end.wall
        if endWall.secondOfDay == 86_340 || endWall.secondOfDay == 86_399 {
            endWall = LocalDateTime(date: endWall.date.adding(days: 1), secondOfDay: 0)
        }
        if start.offset == nil && end.offset == nil {
            if endWall < start.wall { endWall = endWall.adding(days: 1) }
            self.exact = nil
            self.start = start.wall
            self.end = endWall
        } else {
            let startInstant = start.instant(zone: zone)
            var endInstant = WrittenTime(wall: endWall, offset: end.offset).instant(zone: zone)
            if endInstant == startInstant { return nil }
            if endInstant < startInstant {
                endWall = endWall.adding(days: 1)
                endInstant = WrittenTime(wall: endWall, offset: end.offset).instant(zone: zone)
            }
            self.exact = (startInstant, endInstant)
            self.start = zone.localDateTime(of: startInstant)
            self.end = zone.localDateTime(of: endInstant)
        }
        self.label = daypart.label
        self.message = daypart.message
        self.feedOrder = feedOrder
    }

    /// The interval this daypart opens, `days` later on the wall clock (0 for the feed's
    /// own date), or nil when zone resolution leaves nothing open (inside a DST gap).
    func interval(shiftedBy days: Int, zone: ZoneRules) -> OpenInterval? {
        let (startInstant, endInstant): (Instant, Instant)
        if days == 0, let exact {
            (startInstant, endInstant) = exact
        } else {
            startInstant = zone.instant(for: start.adding(days: days))
            endInstant = zone.instant(for: end.adding(days: days))
        }
        guard startInstant < endInstant else { return nil }
        return OpenInterval(
            start: startInstant, end: endInstant, label: label, message: message,
            feedOrder: feedOrder, estimated: days != 0
        )
    }
}

/// A feed time placed on a date, with its offset when the feed wrote one.
private struct WrittenTime {
    let wall: LocalDateTime
    let offset: Int?

    init(wall: LocalDateTime, offset: Int?) {
        self.wall = wall
        self.offset = offset
    }

    init(_ time: FeedTime, on date: LocalDate) {
        switch time {
        case .wallClock(let local): self.init(wall: local, offset: nil)
        case .withOffset(let local, let offset): self.init(wall: local, offset: offset)
        case .timeOfDay(let second): self.init(wall: LocalDateTime(date: date, secondOfDay: second), offset: nil)
        }
    }

    func instant(zone: ZoneRules) -> Instant {
        guard let offset else { return zone.instant(for: wall) }
        return Instant(secondsSinceEpoch: wall.wallSeconds - offset)
    }
}
