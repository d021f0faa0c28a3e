/// The POSIX `TZ` rule at the end of a TZif file (RFC 8536 §3.3), e.g. `EST5EDT,M3.2.0,M11.1.0`: the zone
/// after its last listed transition, or at every instant when none is listed. Debian's files list
/// transitions to 2037 only, so every later date comes from here.
///
/// Switches may fall in a neighbouring year (`0/-2`, `M12.5.0/167`), so a year's offsets depend on the years
/// either side. Years are read as tzcode reads them: a daylight period that is empty or lasts a year or more
/// has no switches, and a rule with no switches in any year is daylight time all year (RFC 8536 §3.3.1).
/// Every rule repeats every 400 years, so any instant is answered in 2000...2399 and shifted back.
struct PosixTZ: Sendable {
    /// A rule date: `Mm.w.d` (weekday `d` of week `w`, 5 = last, of month `m`),
    /// `Jn` (day 1...365, 29 February never counted) or `n` (day 0...365, counted).
    enum RuleDate: Equatable, Sendable {
        case monthWeekDay(month: Int, week: Int, weekday: Int)
        case julianNoLeap(Int)
        case zeroBased(Int)
    }

    /// A switch to or from daylight time at a local time of day of -167...167 hours (RFC 8536), so possibly
    /// on another day.
    struct Switch: Equatable, Sendable {
        let date: RuleDate
        let secondOfDay: Int
    }

    /// Seconds east of UTC (POSIX writes them west, `EST5` is -18000).
    let standardOffset: Int
    /// The abbreviations (`EST`, `EDT`; `-03` for `<-03>`), as a calendar's TZNAME.
    let standardName: String
    let daylight: (offset: Int, name: String, start: Switch, end: Switch)?

    /// Seconds in 400 Gregorian years (146,097 days, a whole number of weeks).
    static let cycle = 146_097 * 86_400
    /// 2000-01-01T00:00Z: reduced instants fall in `base..<base + cycle`.
    private static let base = 946_684_800

    var offsets: [Int] { [standardOffset] + (daylight.map { [$0.offset] } ?? []) }

    /// What the rule calls `offset`: daylight time only when it is the daylight offset and differs from standard
    /// time (a rule giving both the same offset never changes the clock).
    func observance(offset: Int) -> Observance {
        if let daylight, offset == daylight.offset, offset != standardOffset {
            return Observance(offset: offset, isDaylight: true, abbreviation: daylight.name)
        }
        return Observance(offset: offset, isDaylight: false, abbreviation: standardName)
    }

    /// Seconds east of UTC at `t`: the offset of the latest switch at or before `t`.
    func offset(at t: Int) -> Int {
        guard let daylight else { return standardOffset }
        let u = Self.reduced(t)
        let year = Self.year(of: u)
        // Every switch of a year lies within 15 days of it (times and offsets are at most 167 hours), so the latest
        // switch before `u` is a switch of these years; a tie goes to the later year, as in tzcode's table.
        var latest: (at: Int, offset: Int)?
        for y in (year - 3)...(year + 1) {
            for change in transitions(year: y) where change.0 <= u && change.0 >= (latest?.at ?? .min) { latest = change }
        }
        if let latest { return latest.offset }
        // Only years without switches nearby: go back to the last one that has some.
        for y in stride(from: year - 4, through: year - 400, by: -1) {
            if let change = transitions(year: y).last(where: { $0.0 <= u }) { return change.1 }
        }
        return daylight.offset
    }

    /// Every switch in `after + 1 ... through` as (first instant of the new offset, offset),
    /// in order; a switch may repeat the offset in force. At most 400 years are read.
    func transitions(after: Int, through: Int) -> [(at: Int, offset: Int)] {
        guard daylight != nil, after < through else { return [] }
        let (difference, overflow) = through.subtractingReportingOverflow(after)
        let span = overflow ? Self.cycle : min(difference, Self.cycle)
        let start = Self.reduced(after), end = start + span
        var found: [(at: Int, offset: Int, order: Int)] = []
        for year in (Self.year(of: start) - 2)...(Self.year(of: end) + 1) {
            for change in transitions(year: year) where change.0 > start && change.0 <= end {
                found.append((change.0, change.1, found.count))
            }
        }
        found.sort { ($0.at, $0.order) < ($1.at, $1.order) }
        // `at - start` is at most `span`, so the shift back cannot pass `through`.
        return found.map { (after + ($0.at - start), $0.offset) }
    }

    /// The switches of `year` as (first instant of the new offset, offset), in order;
    /// none when the daylight period is empty or lasts the whole year (tzcode's reading).
    func transitions(year: Int) -> [(Int, Int)] {
        guard let daylight else { return [] }
        let start = Self.wallSeconds(daylight.start, year: year) - standardOffset
        let end = Self.wallSeconds(daylight.end, year: year) - daylight.offset
        if end < start { return [(end, standardOffset), (start, daylight.offset)] }
        let yearLength = (LocalDate.daysIn(month: 2, year: year) == 29 ? 366 : 365) * 86_400
        guard start < end, end - start < yearLength else { return [] }
        return [(start, daylight.offset), (end, standardOffset)]
    }

    /// `t` moved by whole 400-year cycles into `base..<base + cycle`; no step can overflow.
    private static func reduced(_ t: Int) -> Int {
        var remainder = (t % cycle - base) % cycle
        if remainder < 0 { remainder += cycle }
        return base + remainder
    }

    private static func year(of t: Int) -> Int { LocalDateTime(wallSeconds: t).date.components.year }

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
    private static func firstDay(year: Int, month: Int) -> LocalDate { LocalDate(year: year, month: month, day: 1)! }
}

extension PosixTZ {
    /// Reads a rule; nil when it is not one (an empty footer means "no rule").
    init?(parsing text: String) {
        guard let rule = ByteScanner.scan(text, { $0.posixRule() }) else { return nil }
        self = rule
    }
}

private extension ByteScanner {
    mutating func posixRule() -> PosixTZ? {
        guard let standardName = ruleName(), let std = ruleOffset() else { return nil }
        guard !atEnd else { return PosixTZ(standardOffset: -std, standardName: standardName, daylight: nil) }
        guard let daylightName = ruleName() else { return nil }
        var dst = -std + 3600
        if !peek(","), let explicit = ruleOffset() { dst = -explicit }
        guard take(","), let start = ruleSwitch(), take(","), let end = ruleSwitch(), atEnd else { return nil }
        return PosixTZ(standardOffset: -std, standardName: standardName, daylight: (dst, daylightName, start, end))
    }

    /// A zone abbreviation: three or more letters, or anything in `<...>` (without the brackets).
    mutating func ruleName() -> String? {
        let quoted = take("<"), start = index
        while index < end, quoted ? bytes[index] != UInt8(ascii: ">") : (0x61...0x7A).contains(bytes[index] | 0x20) {
            index += 1
        }
        let name = String(decoding: bytes[start..<index], as: UTF8.self)
        return quoted ? (take(">") ? name : nil) : (index - start >= 3 ? name : nil)
    }

    /// At most four digits; nil when there are none.
    mutating func number() -> Int? {
        var value: Int?
        for _ in 0..<4 {
            guard let digit = digits(1) else { break }
            value = (value ?? 0) * 10 + digit
        }
        return value
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, in tzcode's bounds: hours 0...167 (a week less
    /// an hour, RFC 8536 §3.3.1), minutes 0...59, seconds 0...60.
    mutating func ruleOffset() -> Int? {
        let sign = take("-") ? -1 : 1
        if sign == 1 { _ = take("+") }
        guard let hours = number(), hours <= 167 else { return nil }
        var seconds = hours * 3600
        for (limit, unit) in [(59, 60), (60, 1)] where take(":") {
            guard let part = number(), part <= limit else { return nil }
            seconds += part * unit
        }
        return sign * seconds
    }

    /// `date[/time]`, the time defaulting to 02:00.
    mutating func ruleSwitch() -> PosixTZ.Switch? {
        let date: PosixTZ.RuleDate
        if take("M") {
            guard let month = number(), take("."), let week = number(), take("."), let weekday = number(),
                  (1...12).contains(month), (1...5).contains(week), (0...6).contains(weekday) else { return nil }
            date = .monthWeekDay(month: month, week: week, weekday: weekday)
        } else {
            let julian = take("J")
            guard let day = number(), ((julian ? 1 : 0)...365).contains(day) else { return nil }
            date = julian ? .julianNoLeap(day) : .zeroBased(day)
        }
        guard take("/") else { return PosixTZ.Switch(date: date, secondOfDay: 7200) }
        return ruleOffset().map { PosixTZ.Switch(date: date, secondOfDay: $0) }
    }
}
