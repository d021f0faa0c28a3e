import DiningHours

/// A meal's hours as people read them: "5:00–9:30 PM", "10:00 AM–2:00 PM", and past
/// midnight "10:00 PM–2:00 AM".
package enum MealHours {
    package static func range(_ menu: Menu, zone: ZoneRules) -> String {
        let start = ClockText.clock(zone.localDateTime(of: menu.start)), end = ClockText.clock(zone.localDateTime(of: menu.end))
        guard start.suffix(2) == end.suffix(2) else { return "\(start)–\(end)" }
        return "\(start.dropLast(3))–\(end)"
    }
}
