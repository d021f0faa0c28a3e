public struct DayHours: Sendable {
    public let date: LocalDate
    public var known: Bool { unknownReason == nil }
    public let unknownReason: UnknownReason?
    public let estimated: Bool
    public let blocks: [Opening]
    public let openAllDay: Bool
    /// Not one ending at or after the end of 9999-12-31, whose end cannot be written.
    public let dayparts: [OpenInterval]

    public struct Opening: Sendable, Equatable {
        public let start: Instant
        public let end: BlockEnd?
    }
}

extension Schedule {
    public func hours(on date: LocalDate) -> DayHours {
        let dayStart = zone.midnight(starting: date), dayEnd = zone.midnight(starting: date.adding(days: 1))
        let unknown = timetable.unknownReason(on: date, estimate: estimate)
        let day = dayStart..<dayEnd
        let projected = unknown == nil && !(coverage?.contains(date) ?? false)
        let starting = blocks.filter { day.contains($0.start) }
        return DayHours(date: date, unknownReason: unknown, estimated: projected,
                        blocks: starting.map { DayHours.Opening(start: $0.start, end: end(of: $0)) },
                        openAllDay: blocks.contains { $0.start < dayStart && $0.end >= dayEnd },
                        dayparts: intervals.filter { day.contains($0.start) && $0.end < timetable.writable.upperBound })
    }
}

extension Timetable {
    public func week(from first: LocalDate, days: Int = 7, estimate: Bool = true) -> [DayHours] {
        let dates = CalendarRange.dates(from: first, count: days).dates
        guard let low = dates.first, let high = dates.last else { return [] }
        let schedule = schedule(dates: low.adding(days: -2)...high.adding(days: 1), estimate: estimate)
        return dates.map { schedule.hours(on: $0) }
    }
}
