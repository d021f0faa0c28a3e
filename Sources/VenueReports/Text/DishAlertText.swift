import DiningHours

/// A followed dish's alert, with the day when the meal is not on the date of `now` (a long `--dish-lead`).
package enum DishAlertText {
    package static func line(_ alert: FollowedDishes.Alert, zone: ZoneRules, at now: Instant) -> String {
        let menu = alert.menu, startDate = zone.localDate(of: menu.start)
        let day = startDate == zone.localDate(of: now) ? "" : ClockText.day(startDate) + " "
        return "\(alert.dish) at \(menu.venueName), \(day)\(menu.service) \(MealHours.range(menu, zone: zone))"
    }

    /// `followed` is the name as followed, `dish` as the menu writes it.
    package static func members(_ alert: FollowedDishes.Alert, zone: ZoneRules, at now: Instant) -> [(String, String)] {
        [("followed", JSONText.quote(alert.followed)), ("dish", JSONText.quote(alert.dish))]
            + MenuJSON.members(alert.menu, zone: zone)
            + [("announced_at", JSONText.quote(zone.iso8601(alert.announceAt))),
               ("text", JSONText.quote(line(alert, zone: zone, at: now)))]
    }
}
