import DiningHours

/// `status --json` and venued's `status` (HOURS.md §4): unknown venues say why, so no list is "all closed".
public enum StatusJSON {
    public static func render(_ report: StatusReport) -> String { Reply.ok(members(report)) }

    /// What a JSON answer shows apart from `at` and `fetched_at`, which move with every step and refresh: watchers
    /// compare this, so data turning stale is news and a refresh that changes nothing is not.
    public static func shown(_ members: [(String, String)]) -> String {
        members.filter { $0.0 != "at" && $0.0 != "fetched_at" }.map { $0.0 + ":" + $0.1 }.joined(separator: ",")
    }

    /// The members after `ok`, in order: venued's pushes put their `event` before them.
    public static func members(_ report: StatusReport) -> [(String, String)] {
        let zone = report.zone
        let venues = report.rows.map { row -> String in
            let status = row.status
            var members = [
                ("id", "\(row.venue.id)"), ("name", JSONText.quote(row.venue.name)),
                ("kind", JSONText.quote(row.venue.kind.rawValue)), ("state", JSONText.quote(status.state.rawValue)),
                ("label", JSONText.string(status.label)), ("changes_at", Reply.time(status.changesAt, zone)),
                ("closing_soon", "\(status.closingSoon)"), ("estimated", "\(status.estimated)"),
                ("meal_ends_at", Reply.time(status.mealEndsAt, zone)),
                ("next_label", JSONText.string(status.nextLabel)), ("message", JSONText.string(status.message)),
                ("unknown_reason", JSONText.string(status.unknownReason?.name)),
            ]
            if let stations = report.stations[row.venue.id] {
                members.append(("stations", JSONText.array(stations.map(JSONText.quote))))
            }
            if report.options.near != nil {
                members += [("distance_m", row.distance.map { "\(Int($0.rounded()))" } ?? "null"),
                            ("walk_minutes", row.distance.map { "\(Coordinate.walkingMinutes($0))" } ?? "null")]
            }
            return JSONText.object(members)
        }
        // At the top only when every venue shown (or, with --open-now, left out) is unknown for the same reason.
        let judged = report.rows.isEmpty && report.withheld.count == report.chosen ? report.withheld : report.rows
        let reasons = Set(judged.map { $0.status.unknownReason?.name }), age = report.dataAge
        let withheld = report.options.openNow ? [("unknown", JSONText.array(report.withheld.map(unknownVenue)))] : []
        let alerts = report.dishAlerts.map { JSONText.object(DishAlertText.members($0, zone: zone, at: report.at)) }
        return [
            ("at", JSONText.quote(zone.iso8601(report.at))), ("source", JSONText.quote(report.source.rawValue)),
            ("stale", "\(age.isStale)"), ("stale_reason", JSONText.string(age.staleness?.name)),
            ("fetched_at", Reply.time(age.fetchedAt, zone)), ("tz", JSONText.quote(zone.identifier)),
            ("coverage", Reply.coverage(report.coverage)),
            ("unknown_reason", JSONText.string(reasons.count == 1 ? reasons.first ?? nil : nil)),
            ("venues", "[" + venues.joined(separator: ",") + "]"),
        ] + withheld + (report.options.dishes ? [("dishes", JSONText.array(alerts))] : [])
    }

    package static func unknownVenue(_ row: StatusReport.Row) -> String {
        JSONText.object([("id", "\(row.venue.id)"), ("name", JSONText.quote(row.venue.name)),
                         ("unknown_reason", JSONText.string(row.status.unknownReason?.name))])
    }
}
