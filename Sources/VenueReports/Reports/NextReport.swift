import DiningHours

/// The openings and closings between two instants, soonest first: the answer of
/// `venuectl next` and of venued's `next` (rendered by `NextText` and `NextJSON`).
public struct NextReport: Sendable {
    package struct Row: Sendable {
        package let transition: Transition
        package let venue: Venue
    }

    package let at: Instant
    package let until: Instant
    package let zone: ZoneRules
    public let source: FeedSource
    package let coverage: Coverage?
    package let rows: [Row]

    /// `venues` are the ids to keep; `limit` caps the rows (venued's `limit`).
    public init(campus: Campus, at: Instant, until: Instant, venues: Set<Int>, estimate: Bool, limit: Int = .max, source: FeedSource) {
        let byID = Dictionary(campus.timetables.map { ($0.venue.id, $0.venue) }, uniquingKeysWith: { first, _ in first })
        var rows: [Row] = []
        for transition in campus.transitions(after: at, through: until, estimate: estimate) where rows.count < limit {
            guard venues.contains(transition.venueID), let venue = byID[transition.venueID] else { continue }
            rows.append(Row(transition: transition, venue: venue))
        }
        self.rows = rows
        self.at = at
        self.until = until
        self.zone = campus.zone
        self.source = source
        self.coverage = campus.coverage
    }
}
