import DiningHours

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
