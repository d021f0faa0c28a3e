/// The POSIX `TZ` rule closing a TZif file (RFC 8536 §3.3), read as tzcode reads it. Debian lists transitions to
/// 2037 only. A rule repeats every 400 years, so any instant is answered in 2000...2399 and shifted back.
struct PosixTZ: Sendable {
    /// `Mm.w.d` (5 = last week), `Jn` (1...365, 29 February never counted) or `n` (0...365, counted).
    enum RuleDate: Equatable, Sendable {
        case monthWeekDay(month: Int, week: Int, weekday: Int)
        case julianNoLeap(Int)
        case zeroBased(Int)
    }

    struct Switch: Equatable, Sendable {
        let date: RuleDate
        let secondOfDay: Int
    }

    /// POSIX writes offsets west: `EST5` is -18000.
    let standardOffset: Int
    let standardName: String
    let daylight: (offset: Int, name: String, start: Switch, end: Switch)?
    static let cycle = 146_097 * 86_400
    private static let base = 946_684_800
    var offsets: [Int] { [standardOffset] + (daylight.map { [$0.offset] } ?? []) }

    func observance(offset: Int) -> Observance {
        let dst = daylight.flatMap { offset == $0.offset && offset != standardOffset ? $0 : nil }
        return Observance(offset: offset, isDaylight: dst != nil, abbreviation: dst?.name ?? standardName)
    }

    func offset(at t: Int) -> Int {
        guard let daylight else { return standardOffset }
        let u = Self.reduced(t)
        let year = Self.year(of: u)
        // Every switch lies within 15 days of its year, so the latest is of these years; a tie goes to the later year.
        var latest: (at: Int, offset: Int)?
        let changes = ((year - 3)...(year + 1)).flatMap(transitions(year:))
        for change in changes where change.0 <= u && change.0 >= (latest?.at ?? .min) { latest = change }
        if let latest { return latest.offset }
        for y in stride(from: year - 4, through: year - 400, by: -1) {
            if let change = transitions(year: y).last(where: { $0.0 <= u }) { return change.1 }
        }
        return daylight.offset
    }

    func transitions(after: Int, through: Int) -> [(at: Int, offset: Int)] {
        guard daylight != nil, after < through else { return [] }
        let (difference, overflow) = through.subtractingReportingOverflow(after)
        let span = overflow ? Self.cycle : min(difference, Self.cycle)
        let start = Self.reduced(after), end = start + span
        let years = (Self.year(of: start) - 2)...(Self.year(of: end) + 1)
        let found = years.flatMap(transitions(year:)).filter { $0.0 > start && $0.0 <= end }.enumerated()
            .sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
        // `at - start` is at most `span`, so the shift back cannot pass `through`.
        return found.map { (after + ($0.element.0 - start), $0.element.1) }
    }

    func transitions(year: Int) -> [(Int, Int)] {
        guard let daylight else { return [] }
        let start = Self.wallSeconds(daylight.start, year: year) - standardOffset
        let end = Self.wallSeconds(daylight.end, year: year) - daylight.offset
        if end < start { return [(end, standardOffset), (start, daylight.offset)] }
        let yearLength = (LocalDate.daysIn(month: 2, year: year) == 29 ? 366 : 365) * 86_400
        guard start < end, end - start < yearLength else { return [] }
        return [(start, daylight.offset), (end, standardOffset)]
    }

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
        case .zeroBased(let n): date = firstDay(year: year, month: 1).adding(days: n)
        }
        return date.dayNumber * 86_400 + change.secondOfDay
    }

    /// The parser checked the month to be 1...12.
    private static func firstDay(year: Int, month: Int) -> LocalDate { LocalDate(year: year, month: month, day: 1)! }
}

extension PosixTZ {
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

    mutating func ruleName() -> String? {
        let quoted = take("<"), start = index
        while index < end, quoted ? !peek(">") : (0x61...0x7A).contains(bytes[index] | 0x20) { index += 1 }
        let name = String(decoding: bytes[start..<index], as: UTF8.self)
        return quoted ? (take(">") ? name : nil) : (index - start >= 3 ? name : nil)
    }

    mutating func number() -> Int? {
        var value: Int?
        for _ in 0..<4 { if let digit = digits(1) { value = (value ?? 0) * 10 + digit } else { break } }
        return value
    }

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
