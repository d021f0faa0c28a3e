import DiningHours

/// A meal's hours as people read them: "5:00–9:30 PM", the AM/PM said once when both ends share it.
package enum MealHours {
    package static func range(_ menu: Menu, zone: ZoneRules) -> String {
        range(zone.localDateTime(of: menu.start), zone.localDateTime(of: menu.end))
    }

    package static func range(_ from: LocalDateTime, _ to: LocalDateTime) -> String {
        let start = ClockText.clock(from), end = ClockText.clock(to)
        guard start.suffix(2) == end.suffix(2) else { return "\(start)–\(end)" }
        return "\(start.dropLast(3))–\(end)"
    }
}
