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
        (zone, self.source, coverage, self.today) = (timetable.zone, source, timetable.coverage, today)
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

/// `venuectl hours --json` and venued's `hours` answer (docs/PROTOCOL.md); instants are ISO 8601 with offsets.
public enum HoursJSON {
    public static func render(_ report: HoursReport) -> String { Reply.ok(members(report)) }

    public static func members(_ report: HoursReport) -> [(String, String)] {
        let zone = report.zone, venue = report.venue
        let days = report.days.map { day in
            JSONText.object([
                ("date", JSONText.quote("\(day.date)")),
                ("weekday", JSONText.quote(ClockText.weekdays[day.date.weekday])),
                ("today", "\(day.date == report.today)"), ("known", "\(day.known)"),
                ("unknown_reason", JSONText.string(day.unknownReason?.name)), ("estimated", "\(day.estimated)"),
                ("open_all_day", "\(day.openAllDay)"), ("open", JSONText.array(day.blocks.map { block in
                    JSONText.object([("start", JSONText.quote(zone.iso8601(block.start))),
                                     ("end", JSONText.string(block.end.map { zone.iso8601($0.at) }))])
                })),
                ("dayparts", JSONText.array(day.dayparts.map { part in
                    JSONText.object([("label", JSONText.quote(part.label)), ("start", JSONText.quote(zone.iso8601(part.start))),
                                     ("end", JSONText.quote(zone.iso8601(part.end))), ("estimated", "\(part.estimated)")])
                })),
            ])
        }
        return [
            ("venue", JSONText.object([
                ("id", "\(venue.id)"), ("name", JSONText.quote(venue.name)), ("kind", JSONText.quote(venue.kind.rawValue)),
                ("address", JSONText.string(report.address)), ("image", JSONText.string(report.image)),
                ("page", JSONText.string(report.info?.pageURL)),
            ])),
            ("source", JSONText.quote(report.source.rawValue)), ("tz", JSONText.quote(zone.identifier)),
            ("today", JSONText.quote("\(report.today)")),
            ("messages", JSONText.array(report.messages.map(JSONText.quote))),
            ("days", JSONText.array(days)), ("cut", JSONText.string(report.cut ? CalendarRange.cutName : nil)),
        ]
    }
}
