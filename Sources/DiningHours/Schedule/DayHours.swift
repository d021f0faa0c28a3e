/// One local date of a venue's week, as `hours` shows it.
public struct DayHours: Sendable {
    public let date: LocalDate
    /// False when neither the feed nor a projection speaks for this date.
    public var known: Bool { unknownReason == nil }
    public let unknownReason: UnknownReason?
    public let estimated: Bool
    /// Blocks that start on this date, each with where it really ends (the next date, days later, or never).
    public let blocks: [Opening]
    /// Open from midnight to midnight inside a block that began on an earlier date.
    public let openAllDay: Bool
    /// The dayparts that start on this date, by start; not one ending at or after the end of 9999-12-31, whose end
    /// cannot be written (its block is listed, without end).
    public let dayparts: [OpenInterval]

    public struct Opening: Sendable, Equatable {
        public let start: Instant
        /// nil when the block never ends (open around the clock through projected weeks).
        public let end: BlockEnd?
    }
}

extension Schedule {
    /// The hours of `date`; `dates` must include it.
    public func hours(on date: LocalDate) -> DayHours {
        let dayStart = zone.instant(for: LocalDateTime(date: date, secondOfDay: 0))
        let dayEnd = zone.instant(for: LocalDateTime(date: date.adding(days: 1), secondOfDay: 0))
        let unknown = timetable.unknownReason(on: date, estimate: estimate)
        let projected = unknown == nil && !(coverage?.contains(date) ?? false)
        let starting = blocks.filter { dayStart <= $0.start && $0.start < dayEnd }
        let spanning = blocks.contains { $0.start < dayStart && $0.end >= dayEnd }
        return DayHours(
            date: date,
            unknownReason: unknown,
            estimated: projected,
            blocks: starting.map { DayHours.Opening(start: $0.start, end: end(of: $0)) },
            openAllDay: spanning,
            dayparts: intervals.filter { dayStart <= $0.start && $0.start < dayEnd && $0.end < timetable.writable.upperBound }
        )
    }
}

extension Timetable {
    /// `days` consecutive dates from `first` (at least one), less those outside years 0001-9999
    /// (`CalendarRange.dates(from:count:)` says whether some were cut).
    public func week(from first: LocalDate, days: Int = 7, estimate: Bool = true) -> [DayHours] {
        let dates = CalendarRange.dates(from: first, count: days).dates
        guard let low = dates.first, let high = dates.last else { return [] }
        let schedule = schedule(dates: low.adding(days: -2)...high.adding(days: 1), estimate: estimate)
        return dates.map { schedule.hours(on: $0) }
    }
}
