/// One IANA zone, the one place where wall clocks become instants; its rule's switches of 1900-2100 are tabled.
public struct ZoneRules: Sendable {
    public let identifier: String
    /// `transitions[i]` is the first second of `offsets[i + 1]`; no entry repeats the offset before it.
    private let transitions, offsets: [Int]
    private let observances: [Observance]
    private let rule: PosixTZ?
    /// The rule speaks from `ruleFrom` on, but in `tableStart..<tableEnd` the table holds its switches.
    private let ruleFrom, tableStart, tableEnd: Int
    /// A wall time names an instant within this range of it.
    private let offsetRange: ClosedRange<Int>
    private static let tableLimit = 4_102_444_800    // 2100-01-01
    private static let ruleStart = -2_208_988_800    // 1900-01-01

    public init(identifier: String, tzif: [UInt8]) throws(ZoneError) {
        let file: TZif
        do { file = try TZif(parsing: tzif) } catch { throw .corruptZoneFile(identifier, reason: error.reason) }
        var transitions: [Int] = []
        var observances = [file.initial]
        // A later switch at the same instant replaces the one before; a new name for the same offset moves no clock.
        func append(_ at: Int, _ observance: Observance) {
            if let last = transitions.last, at <= last {
                observances[observances.count - 1] = observance
                if observances[observances.count - 2].offset == observance.offset {
                    transitions.removeLast()
                    observances.removeLast()
                }
            } else if observance.offset != observances[observances.count - 1].offset {
                transitions.append(at)
                observances.append(observance)
            }
        }
        for (at, observance) in file.transitions { append(at, observance) }
        // A damaged file may put its last transition at any 64-bit second.
        ruleFrom = file.transitions.last.map { $0.at == .max ? .max : $0.at + 1 } ?? .min
        tableStart = file.rule == nil ? .max : max(ruleFrom, Self.ruleStart)
        tableEnd = file.rule == nil ? .max : max(tableStart, Self.tableLimit)
        if let rule = file.rule, tableStart < tableEnd {
            append(tableStart, rule.observance(offset: rule.offset(at: tableStart)))
            for (at, offset) in rule.transitions(after: tableStart, through: tableEnd - 1) {
                append(at, rule.observance(offset: offset))
            }
        }
        offsets = observances.map(\.offset)
        let all = offsets + (file.rule?.offsets ?? [])
        (self.identifier, self.transitions, self.observances, rule) = (identifier, transitions, observances, file.rule)
        offsetRange = (all.min() ?? 0)...(all.max() ?? 0)
    }

    public func offset(at instant: Instant) -> Int { offset(at: instant.secondsSinceEpoch) }

    private func offset(at t: Int) -> Int {
        if let rule, t >= ruleFrom, t < tableStart || t >= tableEnd { return rule.offset(at: t) }
        return offsets[firstTransition(after: t)]
    }

    public func observance(at instant: Instant) -> Observance {
        let t = instant.secondsSinceEpoch
        if let rule, t >= ruleFrom, t < tableStart || t >= tableEnd { return rule.observance(offset: rule.offset(at: t)) }
        return observances[firstTransition(after: t)]
    }

    public func transitions(after: Instant, through: Instant) -> [ZoneTransition] {
        changes(after: after.secondsSinceEpoch, through: through.secondsSinceEpoch).map { transition(at: $0.at) }
    }

    /// Looked for up to 400 years back (a rule repeats in that time).
    public func lastTransition(atOrBefore instant: Instant) -> ZoneTransition? {
        let t = instant.secondsSinceEpoch
        return changes(after: t.clampedAdding(-PosixTZ.cycle), through: t).last.map { transition(at: $0.at) }
    }

    private func transition(at t: Int) -> ZoneTransition {
        let at = Instant(secondsSinceEpoch: t)
        return ZoneTransition(at: at, before: observance(at: at - 1), after: observance(at: at))
    }

    private func firstTransition(after t: Int) -> Int { transitions.bisect { $0 <= t } }

    public func localDateTime(of instant: Instant) -> LocalDateTime {
        LocalDateTime(wallSeconds: instant.secondsSinceEpoch.clampedAdding(offset(at: instant)))
    }

    public func localDate(of instant: Instant) -> LocalDate { localDateTime(of: instant).date }

    /// By the earlier offset rule (HOURS.md §2.5, Temporal's `compatible`): a gap is read with the offset before it.
    public func instant(for local: LocalDateTime) -> Instant {
        let wall = local.wallSeconds
        // The first offset in force under which the clock reaches `wall` before the next change wins.
        let first = wall.clampedAdding(-offsetRange.upperBound)
        var current = offset(at: first)
        forEachChange(after: first, through: wall.clampedAdding(-offsetRange.lowerBound)) { at, next in
            if wall < at.clampedAdding(max(current, next)) { return false }
            current = next
            return true
        }
        return Instant(secondsSinceEpoch: wall.clampedAdding(-current))
    }

    func instant(for local: LocalDateTime, offset: Int?) -> Instant {
        offset.map { Instant(secondsSinceEpoch: local.wallSeconds - $0) } ?? instant(for: local)
    }

    func midnight(starting date: LocalDate) -> Instant { instant(for: LocalDateTime(date: date, secondOfDay: 0)) }

    func changes(after: Int, through: Int) -> [(at: Int, offset: Int)] {
        var found: [(at: Int, offset: Int)] = []
        forEachChange(after: after, through: through) { found.append(($0, $1)); return true }
        return found
    }

    private func forEachChange(after: Int, through: Int, _ body: (_ at: Int, _ offset: Int) -> Bool) {
        guard after < through else { return }
        // Within the table (by far the usual case), its entries are the changes.
        if rule == nil || through < ruleFrom || (max(after, ruleFrom) >= tableStart && through < tableEnd) {
            for index in firstTransition(after: after)..<transitions.count {
                guard transitions[index] <= through, body(transitions[index], offsets[index + 1]) else { return }
            }
            return
        }
        // Across the rule's part of time: every instant where the offset may change, asked in order.
        var candidates = Array(transitions[firstTransition(after: after)...].prefix { $0 <= through })
        candidates += [ruleFrom, tableStart, tableEnd].filter { $0 > after && $0 <= through }
        if let rule {
            candidates += rule.transitions(after: max(after, ruleFrom.clampedAdding(-1)), through: through).map(\.at)
        }
        candidates.sort()
        var previous = offset(at: after)
        for (position, at) in candidates.enumerated() where position == 0 || at != candidates[position - 1] {
            let offset = offset(at: at)
            guard offset != previous else { continue }
            guard body(at, offset) else { return }
            previous = offset
        }
    }

    public func iso8601(_ instant: Instant) -> String {
        let offset = offset(at: instant), magnitude = abs(offset)
        let time = LocalDateTime(wallSeconds: instant.secondsSinceEpoch.clampedAdding(offset))
        guard offset != 0 else { return "\(time)Z" }
        let seconds = magnitude % 60 != 0 ? ":\(pad(magnitude % 60, 2))" : ""
        return "\(time)\(offset < 0 ? "-" : "+")\(pad(magnitude / 3600, 2)):\(pad(magnitude / 60 % 60, 2))\(seconds)"
    }
}

public enum ZoneError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownZone(String)
    case noTimeZoneData(directory: String)
    case corruptZoneFile(String, reason: String)
    /// A fault of the machine rather than of the request: exit 70, not a usage error.
    public var isEnvironment: Bool { if case .unknownZone = self { false } else { true } }

    public var description: String {
        switch self {
        case .unknownZone(let name):
            return "unknown time zone '\(UntrustedText.escaped(name))': use an IANA name such as America/New_York or Europe/London"
        case .noTimeZoneData(let directory):
            return "no time-zone data in \(UntrustedText.escaped(directory)): install Debian's tzdata package (or set TZDIR)"
        case .corruptZoneFile(let name, let reason):
            return "the time-zone file of \(UntrustedText.escaped(name)) is damaged (\(reason)): reinstall Debian's tzdata package"
        }
    }
}

extension Int {
    /// A damaged zone file may list a transition at any 64-bit second.
    func clampedAdding(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}

extension Array {
    func bisect(_ isBefore: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if isBefore(self[mid]) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
