import DiningHours
import VenuedCLI

/// `hours` (one venue's week) and `next` (upcoming openings and closings), computed by
/// the engine from the held feed.
struct ScheduleAnswers {
    let held: HeldFeed
    let config: Config
    let now: Instant

    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    func hours(_ request: Request) throws(ProtocolError) -> String {
        let zone = try zone(request)
        guard let query = try request.string("venue") else { throw ProtocolError("hours needs \"venue\": a name or an id") }
        let venue = try single(query)
        let first: LocalDate
        if let text = try request.string("from") {
            guard let date = LocalDate(parsing: text) else { throw ProtocolError("\"from\" must be a date, YYYY-MM-DD, not '\(text)'") }
            first = date
        } else {
            first = zone.localDate(of: now)
        }
        let count = try request.integer("days", in: 1...14) ?? 7
        let week = Timetable(venue: venue, zone: zone).week(from: first, days: count, estimate: !(try request.flag("no_estimate")))
        let days = week.map { day in
            JSONText.object([
                ("date", JSONText.quote("\(day.date)")),
                ("weekday", JSONText.quote(Self.weekdays[day.date.weekday])),
                ("known", "\(day.known)"),
                ("estimated", "\(day.estimated)"),
                ("open_all_day", "\(day.openAllDay)"),
                ("open", Reply.array(day.blocks.map { block in
                    JSONText.object([("start", Reply.time(block.start, zone)), ("end", Reply.time(block.end, zone))])
                })),
                ("dayparts", Reply.array(day.dayparts.map { part in
                    JSONText.object([("label", JSONText.quote(part.label)), ("start", Reply.time(part.start, zone)),
                                     ("end", Reply.time(part.end, zone)), ("estimated", "\(part.estimated)")])
                })),
            ])
        }
        return Reply.ok([
            ("venue", JSONText.object([("id", "\(venue.id)"), ("name", JSONText.quote(venue.name)), ("kind", JSONText.quote(venue.kind.rawValue))])),
            ("source", JSONText.quote(held.source.rawValue)),
            ("tz", JSONText.quote(zone.identifier)),
            ("days", Reply.array(days)),
        ])
    }

    func next(_ request: Request) throws(ProtocolError) -> String {
        let zone = try zone(request)
        let atText = try request.string("at"), queries = try request.strings("venues")
        let at: Instant, chosen: Set<Int>
        do {
            at = try StatusReport.instant(atText, zone: zone, now: now)
            chosen = try StatusReport.select(queries, from: held.feed.venues)
        } catch {
            throw ProtocolError(error)
        }
        let hours = try request.integer("hours", in: 1...336) ?? 24
        let limit = try request.integer("limit", in: 1...1000) ?? 50
        let names = Dictionary(held.feed.venues.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let transitions = Campus(feed: held.feed, zone: zone)
            .transitions(after: at, through: at + hours * 3600, estimate: !(try request.flag("no_estimate")))
            .filter { chosen.contains($0.venueID) }
            .prefix(limit)
            .map { transition in
                JSONText.object([
                    ("venue_id", "\(transition.venueID)"),
                    ("name", JSONText.quote(names[transition.venueID] ?? "")),
                    ("at", Reply.time(transition.at, zone)),
                    ("kind", JSONText.quote(transition.kind.rawValue)),
                    ("label", JSONText.string(transition.label)),
                    ("estimated", "\(transition.estimated)"),
                ])
            }
        return Reply.ok([
            ("at", Reply.time(at, zone)),
            ("source", JSONText.quote(held.source.rawValue)),
            ("tz", JSONText.quote(zone.identifier)),
            ("transitions", Reply.array(Array(transitions))),
        ])
    }

    private func zone(_ request: Request) throws(ProtocolError) -> ZoneRules {
        let name = try request.string("tz") ?? config.timeZone
        do { return try ZoneRules(identifier: name) } catch { throw ProtocolError("\(error)") }
    }

    /// `hours` is about one venue: a query that names several must be narrowed.
    private func single(_ text: String) throws(ProtocolError) -> Venue {
        let query = VenueQuery(text)
        let found = query.matches(in: held.feed.venues)
        if found.count == 1 { return found[0] }
        if found.isEmpty {
            let suggestions = query.suggestions(in: held.feed.venues)
            throw ProtocolError("no venue matches '\(text)'" + (suggestions.isEmpty ? "" : ": did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?"))
        }
        throw ProtocolError("'\(text)' matches \(found.count) venues (\(found.prefix(4).map(\.name).joined(separator: ", "))): name one")
    }
}
