import DiningHours
import VenueReports
import VenuedProtocol

/// `hours` and `next`, written by the same code as `venuectl hours --json` and `next --json`, so they cannot drift.
struct ScheduleAnswers {
    let prepared: Prepared, now: Instant

    func hours(_ request: Request) throws(ProtocolError) -> String {
        let zone = try zone(request)
        let (campus, held) = (prepared.campus(zone), prepared.snapshot.held)
        guard let query = try request.fields.string("venue") else { throw ProtocolError("hours needs \"venue\": a name or an id") }
        let today = zone.localDate(of: now)
        let first = try request.fields.string("from").map { text throws(ProtocolError) in
            guard let date = LocalDate(parsing: text), CalendarRange.dates.contains(date) else {
                throw ProtocolError("\"from\" must be a date from 0001-01-01 to 9999-12-31, YYYY-MM-DD, not '\(text)'")
            }
            return date
        } ?? today
        let count = try request.fields.integer("days", in: 1...14) ?? 7
        let estimate = !(try request.fields.flag("no_estimate"))
        let venue: Venue
        do { venue = try VenueArgument.resolve(query, in: held.feed.venues) } catch { throw ProtocolError(error) }
        let timetable = campus.timetables.first { $0.venue.id == venue.id } ?? Timetable(venue: venue, zone: zone)
        return HoursJSON.render(HoursReport(timetable: timetable, from: first, days: count, estimate: estimate,
                                            today: today, source: held.source))
    }

    func next(_ request: Request) throws(ProtocolError) -> String {
        let zone = try zone(request)
        let (campus, held) = (prepared.campus(zone), prepared.snapshot.held)
        let atText = try request.fields.string("at"), queries = try request.fields.venueQueries("venues")
        let at: Instant, chosen: Set<Int>
        do {
            at = try StatusReport.instant(atText, zone: zone, now: now)
            chosen = try StatusReport.select(queries, from: held.feed.venues)
        } catch { throw ProtocolError(error) }
        let hours = try request.fields.integer("hours", in: 1...336) ?? 24
        let limit = try request.fields.integer("limit", in: 1...1000) ?? 50
        return NextJSON.render(NextReport(campus: campus, at: at, until: at + hours * 3600, venues: chosen,
                                          estimate: !(try request.fields.flag("no_estimate")), limit: limit,
                                          source: held.source, dataAge: prepared.snapshot.age(now: now)))
    }

    private func zone(_ request: Request) throws(ProtocolError) -> ZoneRules {
        let name = try request.fields.string("tz") ?? prepared.snapshot.config.timeZone
        do { return try StatusReport.zone(name) } catch { throw ProtocolError(error) }
    }
}
