import DiningHours

/// One venue's days for `hours`: `HoursText` and `HoursJSON` render this one value, so the two cannot drift apart.
public struct HoursReport: Sendable {
    package let venue: Venue, info: VenueInfo?, zone: ZoneRules
    public let source: FeedSource
    package let coverage: Coverage?, today: LocalDate, days: [DayHours]
    /// Some of the days asked for lay after 9999-12-31 and are not listed (`CalendarRange`).
    package let cut: Bool

    public init(timetable: Timetable, from first: LocalDate, days count: Int, estimate: Bool, today: LocalDate, source: FeedSource) {
        venue = timetable.venue
        info = VenueInfo.bundled[timetable.venue.id]
        zone = timetable.zone
        self.source = source
        coverage = timetable.coverage
        self.today = today
        days = timetable.week(from: first, days: count, estimate: estimate)
        cut = CalendarRange.dates(from: first, count: count).cut
    }

    package var address: String? { info?.address ?? nonEmpty(venue.address) }
    package var image: String? { nonEmpty(venue.imageURL) }

    package var messages: [String] {
        days.flatMap(\.dayparts).map(\.message).reduce(into: []) { seen, message in
            if !message.isEmpty && !seen.contains(message) { seen.append(message) }
        }
    }

    private func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
}
