import DiningHours

/// Times as people read them on campus: "8:00 PM", "Mon 7:30 AM", "in 12 min".
package enum ClockText {
    package static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    package static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `8:00 PM`; midnight is `12:00 AM`.
    package static func clock(_ time: LocalDateTime) -> String {
        let minute = time.minute < 10 ? "0\(time.minute)" : "\(time.minute)"
        return "\(hour12(time)):\(minute) \(time.hour < 12 ? "AM" : "PM")"
    }

    private static func hour12(_ time: LocalDateTime) -> Int { time.hour % 12 == 0 ? 12 : time.hour % 12 }

    package static func day(_ date: LocalDate) -> String {
        let (_, month, day) = date.components
        return "\(weekdays[date.weekday]) \(months[month - 1]) \(day)"
    }

    /// `8pm`, `4:30pm`, for bars and prompts.
    package static func compact(_ time: LocalDateTime) -> String {
        let minute = time.minute == 0 ? "" : time.minute < 10 ? ":0\(time.minute)" : ":\(time.minute)"
        return "\(hour12(time))\(minute)\(time.hour < 12 ? "am" : "pm")"
    }

    /// "at 5:00 PM" today, "Mon 7:30 AM" within the week, "Mon Sep 25 7:30 AM" beyond.
    package static func when(_ instant: Instant, from now: Instant, zone: ZoneRules) -> String {
        when(zone.localDateTime(of: instant), today: zone.localDate(of: now))
    }

    package static func when(_ target: LocalDateTime, today: LocalDate) -> String {
        ([.today, .midnight].contains(distance(of: target, from: today)) ? "at " : "") + moment(target, today: today)
    }

    /// `when` without its "at", and "midnight" at the end of today, for "until ..." and columns.
    package static func moment(_ target: LocalDateTime, today: LocalDate) -> String {
        moment(target, today: today, short: false)
    }

    /// `moment` in `compact` clocks, and only the date beyond the week.
    package static func compactWhen(_ instant: Instant, from now: Instant, zone: ZoneRules) -> String {
        moment(zone.localDateTime(of: instant), today: zone.localDate(of: now), short: true)
    }

    private static func moment(_ target: LocalDateTime, today: LocalDate, short: Bool) -> String {
        let time = short ? compact(target) : clock(target)
        switch distance(of: target, from: today) {
        case .today: return time
        case .midnight: return "midnight"
        case .thisWeek: return "\(weekdays[target.date.weekday]) \(time)"
        case .later where short: return "\(months[target.date.components.1 - 1]) \(target.date.components.2)"
        case .later: return "\(day(target.date)) \(time)"
        }
    }

    private enum Distance { case today, midnight, thisWeek, later }

    private static func distance(of target: LocalDateTime, from today: LocalDate) -> Distance {
        let days = target.date.dayNumber - today.dayNumber
        if days == 0 { return .today }
        // Midnight, which the feed writes as 23:59 and the engine ends at 00:00: said as the sign on the door says it.
        if days == 1 && target.secondOfDay == 0 { return .midnight }
        return days > 0 && days < 7 ? .thisWeek : .later
    }

    package static func duration(_ seconds: Int) -> String {
        let minutes = max(0, (seconds + 59) / 60)
        if minutes < 60 { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }
}

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
