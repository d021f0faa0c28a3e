import DiningHours

/// `venuectl status --json` (SPEC §4): one object, every venue with at least id, name,
/// state, label, changes_at, closing_soon and estimated; with `--near` also `distance_m`
/// and `walk_minutes` (null for a venue without coordinates).
public enum StatusJSON {
    public static func render(_ report: StatusReport) -> String {
        JSONText.object(members(report)) + "\n"
    }

    /// What a JSON answer shows apart from its instant: the `venues` member. Watchers
    /// (venued's pushes, `venuectl watch`) compare this, since `at` moves with every step.
    public static func shownVenues(_ members: [(String, String)]) -> String {
        members.first { $0.0 == "venues" }?.1 ?? ""
    }

    /// The members of the object, in order, as JSON text: the daemon prepends its own
    /// `ok` member and otherwise answers with exactly this shape.
    public static func members(_ report: StatusReport) -> [(String, String)] {
        let zone = report.zone
        let venues = report.rows.map { row -> String in
            let status = row.status
            var members = [
                ("id", "\(row.venue.id)"),
                ("name", JSONText.quote(row.venue.name)),
                ("kind", JSONText.quote(row.venue.kind.rawValue)),
                ("state", JSONText.quote(status.state.rawValue)),
                ("label", JSONText.string(status.label)),
                ("changes_at", JSONText.string(status.changesAt.map(zone.iso8601))),
                ("closing_soon", "\(status.closingSoon)"),
                ("estimated", "\(status.estimated)"),
                ("meal_ends_at", JSONText.string(status.mealEndsAt.map(zone.iso8601))),
                ("next_label", JSONText.string(status.nextLabel)),
                ("message", JSONText.string(status.message)),
            ]
            if report.options.near != nil {
                members += [("distance_m", row.distance.map { "\(Int($0.rounded()))" } ?? "null"),
                            ("walk_minutes", row.distance.map { "\(Coordinate.walkingMinutes($0))" } ?? "null")]
            }
            return JSONText.object(members)
        }
        let coverage = report.coverage.map {
            JSONText.object([("first", JSONText.quote("\($0.first)")), ("last", JSONText.quote("\($0.last)"))])
        } ?? "null"
        return [
            ("at", JSONText.quote(zone.iso8601(report.at))),
            ("source", JSONText.quote(report.source.rawValue)),
            ("tz", JSONText.quote(zone.identifier)),
            ("coverage", coverage),
            ("venues", "[" + venues.joined(separator: ",") + "]"),
        ]
    }
}
