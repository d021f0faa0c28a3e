/// The POSIX `TZ` rule at the end of a TZif file (RFC 8536 §3.3), e.g.
/// `EST5EDT,M3.2.0,M11.1.0`: how a zone behaves after its last listed transition.
/// Debian's files list transitions to 2037 only, so every later date comes from here.
struct PosixTZ: Equatable, Sendable {
    /// A rule date: `Mm.w.d` (weekday `d` of week `w`, 5 = last, of month `m`),
    /// `Jn` (day 1...365, 29 February never counted) or `n` (day 0...365, counted).
    enum RuleDate: Equatable, Sendable {
        case monthWeekDay(month: Int, week: Int, weekday: Int)
        case julianNoLeap(Int)
        case zeroBased(Int)
    }

    /// A switch to or from daylight time: the date, and the local time of day it
    /// happens at (RFC 8536 allows -167...167 hours, so it may fall on another day).
    struct Switch: Equatable, Sendable {
        let date: RuleDate
        let secondOfDay: Int
    }

    /// Seconds east of UTC (POSIX writes them west, `EST5` is -18000).
    let standardOffset: Int
    let daylight: (offset: Int, start: Switch, end: Switch)?

    static func == (a: PosixTZ, b: PosixTZ) -> Bool {
        a.standardOffset == b.standardOffset && a.daylight?.offset == b.daylight?.offset
            && a.daylight?.start == b.daylight?.start && a.daylight?.end == b.daylight?.end
    }

    /// Seconds east of UTC at `t`.
    func offset(at t: Int) -> Int {
        guard daylight != nil else { return standardOffset }
        let year = LocalDateTime(wallSeconds: t + standardOffset).date.components.year
        // The switches of the year before and after bracket `t` whatever its offset.
        var current = standardOffset
        for (instant, offset) in transitions(year: year - 1) + transitions(year: year) where instant <= t {
            current = offset
        }
        return current
    }

    /// The two switches of `year` as (first instant of the new offset, offset), in order.
    func transitions(year: Int) -> [(Int, Int)] {
        guard let daylight else { return [] }
        let start = Self.wallSeconds(daylight.start, year: year) - standardOffset
        let end = Self.wallSeconds(daylight.end, year: year) - daylight.offset
        return start < end ? [(start, daylight.offset), (end, standardOffset)]
                           : [(end, standardOffset), (start, daylight.offset)]
    }

    private static func wallSeconds(_ change: Switch, year: Int) -> Int {
        let date: LocalDate
        switch change.date {
        case .monthWeekDay(let month, let week, let weekday):
            let first = firstDay(year: year, month: month)
            var day = (weekday - first.weekday + 7) % 7 + (week - 1) * 7
            while day >= LocalDate.daysIn(month: month, year: year) { day -= 7 }
            date = first.adding(days: day)
        case .julianNoLeap(let n):
            let leapShift = LocalDate.daysIn(month: 2, year: year) == 29 && n >= 60 ? 1 : 0
            date = firstDay(year: year, month: 1).adding(days: n - 1 + leapShift)
        case .zeroBased(let n):
            date = firstDay(year: year, month: 1).adding(days: n)
        }
        return LocalDateTime(date: date, secondOfDay: 0).wallSeconds + change.secondOfDay
    }

    /// Day 1 of a month the parser checked to be 1...12: always a real date.
    private static func firstDay(year: Int, month: Int) -> LocalDate {
        LocalDate(year: year, month: month, day: 1)!
    }
}

extension PosixTZ {
    /// Reads a rule; nil when it is not one (an empty footer means "no rule").
    init?(parsing text: String) {
        var scanner = PosixScanner(Array(text.utf8))
        guard scanner.skipName(), let std = scanner.offset() else { return nil }
        standardOffset = -std
        guard !scanner.atEnd else { daylight = nil; return }
        guard scanner.skipName() else { return nil }
        var dst = standardOffset + 3600
        if !scanner.peek(","), let explicit = scanner.offset() { dst = -explicit }
        guard scanner.take(","), let start = scanner.change(), scanner.take(","), let end = scanner.change(),
              scanner.atEnd else { return nil }
        daylight = (dst, start, end)
    }
}

/// A cursor over the bytes of a POSIX TZ string.
private struct PosixScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    func peek(_ character: Character) -> Bool { index < bytes.count && bytes[index] == character.asciiValue }

    mutating func take(_ character: Character) -> Bool {
        guard peek(character) else { return false }
        index += 1
        return true
    }

    /// A zone abbreviation: three or more letters, or anything in `<...>`.
    mutating func skipName() -> Bool {
        if take("<") {
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
            return take(">")
        }
        let start = index
        while index < bytes.count, (bytes[index] | 0x20) >= UInt8(ascii: "a"), (bytes[index] | 0x20) <= UInt8(ascii: "z") { index += 1 }
        return index - start >= 3
    }

    mutating func number() -> Int? {
        let start = index
        var value = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9"), index - start < 4 {
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        return index > start ? value : nil
    }

    /// `[+-]hh[:mm[:ss]]` in seconds.
    mutating func offset() -> Int? {
        let sign = take("-") ? -1 : 1
        if sign == 1 { _ = take("+") }
        guard let hours = number() else { return nil }
        var seconds = hours * 3600
        if take(":") { guard let minutes = number() else { return nil }; seconds += minutes * 60 }
        if take(":") { guard let rest = number() else { return nil }; seconds += rest }
        return sign * seconds
    }

    /// `date[/time]`, the time defaulting to 02:00.
    mutating func change() -> PosixTZ.Switch? {
        let date: PosixTZ.RuleDate
        if take("M") {
            guard let month = number(), take("."), let week = number(), take("."), let weekday = number(),
                  (1...12).contains(month), (1...5).contains(week), (0...6).contains(weekday) else { return nil }
            date = .monthWeekDay(month: month, week: week, weekday: weekday)
        } else if take("J") {
            guard let day = number(), (1...365).contains(day) else { return nil }
            date = .julianNoLeap(day)
        } else {
            guard let day = number(), (0...365).contains(day) else { return nil }
            date = .zeroBased(day)
        }
        var time = 7200
        if take("/") { guard let explicit = offset() else { return nil }; time = explicit }
        return PosixTZ.Switch(date: date, secondOfDay: time)
    }
}
