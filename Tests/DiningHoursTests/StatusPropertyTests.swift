import VenueReports
import DiningHours
import Testing

/// The engine against a brute-force reference on thousands of generated feeds and
/// instants, exact boundaries included: status (with the reason when unknown), the next
/// transition and the hours view agree with it, for blocks of any length (a quarter of
/// the feeds are open around the clock on most days, so blocks run for days, past the
/// data and through projected weeks up to the horizon), and on both edges of the
/// horizon. The reference reads docs/HOURS.md literally: every projected date at once,
/// no merging step, no binary search, no windows, Foundation's Calendar for wall clock
/// to instant.
@Suite struct StatusPropertyTests {
    /// Weeks around DST changes in each zone, so gaps, folds and overnights meet.
    static let cases: [(zone: String, base: String)] = [
        ("America/New_York", "2023-03-08"), ("America/New_York", "2023-11-01"), ("America/New_York", "2023-09-14"),
        ("Australia/Lord_Howe", "2023-03-29"), ("Australia/Lord_Howe", "2023-09-27"), ("Australia/Sydney", "2023-09-28"),
        ("Europe/London", "2023-03-24"),
    ]

    @Test(arguments: 0..<cases.count)
    func statusMatchesBruteForce(caseIndex: Int) throws {
        let (zoneName, baseText) = Self.cases[caseIndex]
        let zone = try ZoneDatabase.system.rules(zoneName)
        let reference = try #require(TimeZoneReference(zoneName))
        var random = SplitMix64(seed: UInt64(caseIndex) &* 7919 &+ 1)
        var checked = 0
        for _ in 0..<120 {
            let days = FeedGenerator.days(around: date(baseText), using: &random)
            let table = Timetable(venue: Venue(id: 1, name: "G", days: days), zone: zone)
            let model = ReferenceModel(days: days, zone: reference)
            for t in FeedGenerator.instants(for: days, model: model, using: &random) {
                for estimate in [true, false] {
                    let got = table.status(at: t, estimate: estimate, soon: 900)
                    let want = model.status(at: t, estimate: estimate, soon: 900)
                    #expect(got == want, "\(zoneName) t=\(t) estimate=\(estimate) days=\(days)")
                    if got != want { return }
                    checked += 1
                    if estimate, let change = want.changesAt, change - t <= Timetable.lookahead {
                        let next = table.schedule(around: t).transitions(after: t, through: t + Timetable.lookahead).first
                        #expect(next?.at == change, "next transition at \(t)")
                        #expect(next?.kind == (want.state == .open ? .closes : .opens))
                    }
                    if estimate {
                        // Nothing is pushed from guessed hours past the horizon.
                        let last = model.projected.map(\.end).max()
                        let all = table.schedule(around: t).transitions(after: t, through: t + Timetable.lookahead)
                        #expect(all.allSatisfy { $0.at <= last! }, "a transition past the horizon at \(t)")
                    }
                    if want.state == .open, let today = table.week(from: zone.localDate(of: t), days: 1, estimate: estimate).first,
                       let listed = today.blocks.first(where: { $0.start <= t && $0.end.map { t < $0.at } ?? true }) {
                        #expect(listed.end?.at == want.changesAt, "hours' block end at \(t) estimate=\(estimate)")
                    }
                }
            }
        }
        #expect(checked > 4000)
    }
}

/// Random feeds in the shapes real ones take, and worse: unsorted, overlapping,
/// duplicated and touching dayparts, 23:59 ends, overnight ends, empty and closed days,
/// gaps in the dates, times inside DST gaps and folds.
enum FeedGenerator {
    static func days(around base: LocalDate, using random: inout SplitMix64) -> [Day] {
        let count = Int.random(in: 1...9, using: &random)
        let start = base.adding(days: Int.random(in: -3...3, using: &random))
        let aroundTheClock = Int.random(in: 0..<4, using: &random) == 0
        var days: [Day] = []
        for offset in 0..<count {
            if Int.random(in: 0..<8, using: &random) == 0 { continue }
            let dayDate = start.adding(days: offset)
            var parts: [Daypart] = []
            if aroundTheClock, Int.random(in: 0..<8, using: &random) != 0 {
                parts.append(Daypart(start: .wallClock(LocalDateTime(date: dayDate, secondOfDay: 0)),
                                     end: .wallClock(LocalDateTime(date: dayDate, secondOfDay: 86_340)), label: "All day"))
            }
            for index in 0..<Int.random(in: 0...4, using: &random) {
                let from = clock(using: &random)
                var to = clock(using: &random)
                switch Int.random(in: 0..<10, using: &random) {
                case 0: to = 86_340
                case 1: to = 86_399
                case 2: to = from
                default: break
                }
                parts.append(Daypart(start: .wallClock(LocalDateTime(date: dayDate, secondOfDay: from)),
                                     end: .wallClock(LocalDateTime(date: dayDate, secondOfDay: to)), label: "L\(index)"))
            }
            if let first = parts.first, Int.random(in: 0..<6, using: &random) == 0 { parts.append(first) }
            days.append(Day(date: dayDate, status: Int.random(in: 0..<10, using: &random) == 0 ? .closed : .listed, dayparts: parts))
        }
        return days.shuffled(using: &random)
    }

    /// Half-hour steps, with the night hours (where DST changes happen) over-represented.
    private static func clock(using random: inout SplitMix64) -> Int {
        Int.random(in: 0..<3, using: &random) == 0 ? Int.random(in: 0...6, using: &random) * 1800 : Int.random(in: 0..<48, using: &random) * 1800
    }

    /// Every edge of the intervals, both edges of the horizon to the second, and
    /// instants from days before the horizon to days past it.
    static func instants(for days: [Day], model: ReferenceModel, using random: inout SplitMix64) -> [Instant] {
        var result: [Instant] = []
        for interval in model.projected {
            result += [interval.start, interval.start - 1, interval.end, interval.end - 1]
        }
        var edges: [Instant] = []
        if let first = days.map(\.date).min(), let last = days.map(\.date).max() {
            let before = model.midnight(first.adding(days: -Coverage.horizonDays))
            let after = model.midnight(last.adding(days: Coverage.horizonDays + 1))
            edges = [before - 1, before, after - 1, after, after + 3600]
            for _ in 0..<30 {
                result.append(before + Int.random(in: -3 * 86_400...(after - before + 3 * 86_400), using: &random))
            }
        }
        return edges + result.shuffled(using: &random).prefix(45)
    }
}

/// docs/HOURS.md, written the slow and obvious way.
struct ReferenceModel {
    struct Interval { let start: Instant; let end: Instant; let label: String; let order: Int; let estimated: Bool }

    let days: [Day]
    let zone: TimeZoneReference
    /// The real intervals, and those with every date of the horizon projected too.
    private(set) var real: [Interval] = []
    private(set) var projected: [Interval] = []
    /// Projected for the three dates after the horizon, as if there were none: a block
    /// they would carry on has no known end.
    private(set) var beyond: [Interval] = []

    init(days: [Day], zone: TimeZoneReference) {
        self.days = days
        self.zone = zone
        let dates = days.map(\.date)
        real = Set(dates).flatMap { intervals(of: $0, shift: 0, estimated: false) }
        projected = real
        guard let first = dates.min(), let last = dates.max() else { return }
        let horizon = Coverage.horizonDays
        for offset in -horizon...(last.dayNumber - first.dayNumber + horizon + 3) {
            let target = first.adding(days: offset)
            guard target < first || target > last, let source = source(for: target) else { continue }
            let moved = intervals(of: source, shift: target.dayNumber - source.dayNumber, estimated: true)
            if target > last.adding(days: horizon) { beyond += moved } else { projected += moved }
        }
    }

    private var dates: [LocalDate] { days.map(\.date) }

    private func localDate(_ t: Instant) -> LocalDate {
        LocalDateTime(wallSeconds: t.secondsSinceEpoch + zone.offset(at: t)).date
    }

    private func instant(_ local: LocalDateTime) -> Instant {
        let (y, m, d) = local.date.components
        return zone.instant(year: y, month: m, day: d, second: local.secondOfDay)
    }

    func midnight(_ date: LocalDate) -> Instant { instant(LocalDateTime(date: date, secondOfDay: 0)) }

    /// The feed's dayparts of `source`, moved `shift` days, as intervals.
    private func intervals(of source: LocalDate, shift: Int, estimated: Bool) -> [Interval] {
        var result: [Interval] = []
        var order = 0
        for day in days {
            for part in day.dayparts {
                defer { order += 1 }
                guard day.date == source, day.status == .listed,
                      case .wallClock(let s) = part.start, case .wallClock(var e) = part.end, s != e else { continue }
                if e.secondOfDay == 86_340 || e.secondOfDay == 86_399 { e = LocalDateTime(date: e.date.adding(days: 1), secondOfDay: 0) }
                if e < s { e = e.adding(days: 1) }
                let start = instant(s.adding(days: shift)), end = instant(e.adding(days: shift))
                if start < end { result.append(Interval(start: start, end: end, label: part.label, order: order, estimated: estimated)) }
            }
        }
        return result
    }

    /// A covered date with `target`'s weekday, found by walking the coverage.
    private func source(for target: LocalDate) -> LocalDate? {
        guard let first = dates.min(), let last = dates.max(), target < first || target > last else { return nil }
        let walk = target > last ? stride(from: last.dayNumber, through: first.dayNumber, by: -1) : stride(from: first.dayNumber, through: last.dayNumber, by: 1)
        return walk.map(LocalDate.init(dayNumber:)).first { $0.weekday == target.weekday }
    }

    /// Where open time that reaches `end` stops: every interval that overlaps or touches it is followed.
    private func chainEnd(from end: Instant, in all: [Interval]) -> Instant {
        var end = end
        while let longer = all.filter({ $0.start <= end && $0.end > end }).map(\.end).max() { end = longer }
        return end
    }

    func status(at t: Instant, estimate: Bool, soon: Int) -> VenueStatus {
        guard let first = dates.min(), let last = dates.max() else { return .unknown(.noData) }
        let all = estimate ? projected : real
        let today = localDate(t)
        let containing = all.filter { $0.start <= t && t < $0.end }
        if !containing.isEmpty {
            let end = chainEnd(from: containing.map(\.end).max()!, in: all)
            let endReal = all.contains { $0.end == end && !$0.estimated }
            let known = !estimate || chainEnd(from: end, in: all + beyond) == end
            let naming = containing.min { a, b in
                (-a.start.secondsSinceEpoch, a.estimated ? 1 : 0, a.order) < (-b.start.secondsSinceEpoch, b.estimated ? 1 : 0, b.order)
            }!
            return VenueStatus(state: .open, label: naming.label.isEmpty ? nil : naming.label, message: nil,
                               changesAt: known ? end : nil, closingSoon: known && end - t <= soon,
                               estimated: !containing.contains { !$0.estimated } || !known || !endReal,
                               mealEndsAt: naming.end < end ? naming.end : nil, nextLabel: nil)
        }
        let covered = first <= today && today <= last
        if !covered {
            let horizon = Coverage.horizonDays
            if today < first.adding(days: -horizon) || today > last.adding(days: horizon) {
                return .unknown(.beyondHorizon(coverage: Coverage(first: first, last: last)))
            }
            if !estimate { return .unknown(.notEstimated) }
            if source(for: today) == nil { return .unknown(.noSameWeekday) }
        }
        let next = all.filter { $0.start > t && $0.start - t <= 14 * 86_400 }
            .map(\.start).min()
        let opening = next.map { s in all.filter { $0.start == s }.min { ($0.estimated ? 1 : 0, $0.order) < ($1.estimated ? 1 : 0, $1.order) }! }
        return VenueStatus(state: .closed, label: nil, message: nil, changesAt: next, closingSoon: false,
                           estimated: !covered || (next.map { s in !all.contains { $0.start == s && !$0.estimated } } ?? false),
                           mealEndsAt: nil, nextLabel: opening.flatMap { $0.label.isEmpty ? nil : $0.label })
    }
}
