import DiningHours

/// Times as people read them on campus: "8:00 PM", "Mon 7:30 AM", "in 12 min".
enum ClockText {
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `8:00 PM`; midnight is `12:00 AM`.
    static func clock(_ time: LocalDateTime) -> String {
        let hour12 = time.hour % 12 == 0 ? 12 : time.hour % 12
        let minute = time.minute < 10 ? "0\(time.minute)" : "\(time.minute)"
        return "\(hour12):\(minute) \(time.hour < 12 ? "AM" : "PM")"
    }

    /// `Mon Sep 18`
    static func day(_ date: LocalDate) -> String {
        let (_, month, day) = date.components
        return "\(weekdays[date.weekday]) \(months[month - 1]) \(day)"
    }

    /// "at 5:00 PM" today, "Mon 7:30 AM" within the week, "Mon Sep 25 7:30 AM" beyond.
    static func when(_ instant: Instant, from now: Instant, zone: ZoneRules) -> String {
        when(zone.localDateTime(of: instant), today: zone.localDate(of: now))
    }

    /// The same from wall clocks, for answers that carry them (venued's ISO times).
    static func when(_ target: LocalDateTime, today: LocalDate) -> String {
        let days = target.date.dayNumber - today.dayNumber
        return (days == 0 || isMidnight(target, today: today) ? "at " : "") + moment(target, today: today)
    }

    /// "5:00 PM" today, "midnight" at the end of today, "Mon 7:30 AM" within the week,
    /// "Mon Sep 25 7:30 AM" beyond.
    static func moment(_ target: LocalDateTime, today: LocalDate) -> String {
        let days = target.date.dayNumber - today.dayNumber
        if days == 0 { return clock(target) }
        // The feed writes "until midnight" as 23:59; say it the way the sign on the door does.
        if isMidnight(target, today: today) { return "midnight" }
        if days > 0 && days < 7 { return "\(weekdays[target.date.weekday]) \(clock(target))" }
        return "\(day(target.date)) \(clock(target))"
    }

    private static func isMidnight(_ target: LocalDateTime, today: LocalDate) -> Bool {
        target.date.dayNumber - today.dayNumber == 1 && target.secondOfDay == 0
    }

    /// "12 min", "1 h 5 min".
    static func duration(_ seconds: Int) -> String {
        let minutes = max(0, (seconds + 59) / 60)
        if minutes < 60 { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }
}
