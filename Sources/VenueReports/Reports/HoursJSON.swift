import DiningHours

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
