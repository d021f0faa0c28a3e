public struct Campus: Sendable {
    public let zone: ZoneRules
    public let timetables: [Timetable]

    public init(feed: Feed, zone: ZoneRules) {
        (self.zone, timetables) = (zone, feed.venues.map { Timetable(venue: $0, zone: zone) })
    }

    public var coverage: Coverage? {
        let ranges = timetables.compactMap(\.coverage)
        guard let first = ranges.map(\.first).min(), let last = ranges.map(\.last).max() else { return nil }
        return Coverage(first: first, last: last)
    }

    public func statuses(at t: Instant, estimate: Bool = true, soon: Int = VenueStatus.defaultSoon) -> [VenueStatus] {
        timetables.map { $0.status(at: t, estimate: estimate, soon: soon) }
    }

    public func transitions(after t: Instant, through limit: Instant, estimate: Bool = true) -> [Transition] {
        timetables.flatMap { $0.schedule(around: t, estimate: estimate).transitions(after: t, through: limit) }
            .sorted { ($0.at, $0.venueID) < ($1.at, $1.venueID) }
    }
}
