import DiningHours

/// Openings and closings, soonest first, and the venues it cannot speak for, lest none read "nothing changes" (§3.6).
public struct NextReport: Sendable {
    package struct Row: Sendable {
        package let transition: Transition, venue: Venue
    }

    package struct Unknown: Sendable {
        package let venue: Venue, reason: UnknownReason, from: LocalDate
    }

    package let at: Instant, until: Instant
    /// `cut`: the window asked for ran past 9999-12-31, and `until` stops at its last second.
    package let cut: Bool, zone: ZoneRules
    public let source: FeedSource, dataAge: DataAge
    package let coverage: Coverage?, rows: [Row], unknown: [Unknown]
    /// How many venues were asked about: the "15" of "no hours for 3 of 15".
    package let chosen: Int

    /// `limit` caps the rows (venued's `limit`); a window past 9999-12-31 stops at its last second (`CalendarRange`).
    public init(campus: Campus, at: Instant, until asked: Instant, venues: Set<Int>, estimate: Bool, limit: Int = .max,
                source: FeedSource, dataAge: DataAge = DataAge()) {
        let until = min(asked, max(at, campus.zone.writableInstants.upperBound - 1))
        self.cut = asked > until
        let byID = Dictionary(campus.timetables.map { ($0.venue.id, $0.venue) }, uniquingKeysWith: { first, _ in first })
        let rows = campus.transitions(after: at, through: until, estimate: estimate).lazy.compactMap { transition in
            byID[transition.venueID].flatMap { venues.contains($0.id) ? Row(transition: transition, venue: $0) : nil }
        }
        let chosen = campus.timetables.filter { venues.contains($0.venue.id) }
        // The last second of the window: a window ending at midnight asks nothing of the next day.
        let first = campus.zone.localDate(of: at).dayNumber
        let days = stride(from: first, through: max(first, campus.zone.localDate(of: until - 1).dayNumber), by: 1)
        self.unknown = chosen.compactMap { timetable in
            days.lazy.compactMap { day -> Unknown? in
                let date = LocalDate(dayNumber: day)
                guard let reason = timetable.unknownReason(on: date, estimate: estimate) else { return nil }
                return Unknown(venue: timetable.venue, reason: reason, from: date)
            }.first
        }
        self.chosen = chosen.count
        self.rows = Array(rows.prefix(max(0, limit)))
        (self.at, self.until, self.zone, self.source, self.dataAge) = (at, until, campus.zone, source, dataAge)
        self.coverage = campus.coverage
    }

    package var headcount: Headcount {
        Headcount(total: chosen, open: 0, unknown: unknown.map(\.reason), date: unknown.map(\.from).min() ?? zone.localDate(of: at))
    }
}

/// `next --json` and venued's `next`: `unknown` lists the venues it cannot speak for, lest none read "nothing changes".
public enum NextJSON {
    public static func render(_ report: NextReport) -> String { Reply.ok(members(report)) }

    public static func members(_ report: NextReport) -> [(String, String)] {
        let zone = report.zone
        let transitions = report.rows.map { row in
            let transition = row.transition
            return JSONText.object([
                ("venue_id", "\(row.venue.id)"), ("name", JSONText.quote(row.venue.name)),
                ("at", JSONText.quote(zone.iso8601(transition.at))), ("kind", JSONText.quote(transition.kind.rawValue)),
                ("label", JSONText.string(transition.label)), ("estimated", "\(transition.estimated)"),
            ])
        }
        let unknown = report.unknown.map { venue in
            JSONText.object([("id", "\(venue.venue.id)"), ("name", JSONText.quote(venue.venue.name)),
                             ("unknown_reason", JSONText.quote(venue.reason.name)),
                             ("from", JSONText.quote("\(venue.from)"))])
        }
        let age = report.dataAge
        return [
            ("at", JSONText.quote(zone.iso8601(report.at))), ("until", JSONText.quote(zone.iso8601(report.until))),
            ("source", JSONText.quote(report.source.rawValue)), ("stale", "\(age.isStale)"),
            ("stale_reason", JSONText.string(age.staleness?.name)), ("tz", JSONText.quote(zone.identifier)),
            ("transitions", JSONText.array(transitions)), ("unknown", JSONText.array(unknown)),
            ("cut", JSONText.string(report.cut ? CalendarRange.cutName : nil)),
        ]
    }
}
