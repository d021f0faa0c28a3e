/// A final class with only constants: callers keep arrays of them, and reading one costs a retain, not a copy.
public final class Schedule: Sendable {
    public let timetable: Timetable
    public let dates: ClosedRange<LocalDate>
    public let estimate: Bool
    public let intervals: [OpenInterval]
    public let blocks: [OpenBlock]
    let windowEnd: Instant

    init(timetable: Timetable, dates: ClosedRange<LocalDate>, estimate: Bool, intervals: [OpenInterval],
         windowEnd: Instant) {
        (self.timetable, self.dates, self.estimate, self.windowEnd) = (timetable, dates, estimate, windowEnd)
        (self.intervals, blocks) = (intervals, Self.merge(intervals))
    }

    public var venue: Venue { timetable.venue }
    public var zone: ZoneRules { timetable.zone }
    public var coverage: Coverage? { timetable.coverage }

    static func intervalOrder(_ a: OpenInterval, _ b: OpenInterval) -> Bool {
        (a.start, a.estimated ? 1 : 0, a.feedOrder) < (b.start, b.estimated ? 1 : 0, b.feedOrder)
    }

    /// HOURS.md §2.6. An edge is estimated only when no real interval shares it.
    private static func merge(_ intervals: [OpenInterval]) -> [OpenBlock] {
        var blocks: [OpenBlock] = []
        var index = 0
        while index < intervals.count {
            let first = intervals[index]
            var end = first.end, endEstimated = first.estimated, startEstimated = first.estimated
            var next = index + 1
            while next < intervals.count, intervals[next].start <= end {
                let interval = intervals[next]
                if interval.start == first.start, !interval.estimated { startEstimated = false }
                if interval.end == end, !interval.estimated { endEstimated = false }
                if interval.end > end { (end, endEstimated) = (interval.end, interval.estimated) }
                next += 1
            }
            blocks.append(OpenBlock(start: first.start, end: end, startEstimated: startEstimated,
                                    endEstimated: endEstimated, members: index..<next))
            index = next
        }
        return blocks
    }

    func lastBlock(startingAtOrBefore t: Instant) -> Int? {
        let count = blocks.bisect { $0.start <= t }
        return count == 0 ? nil : count - 1
    }

    /// Where a block really ends, however far past this window; nil when cut by the horizon or past 9999-12-31.
    public func end(of block: OpenBlock) -> BlockEnd? {
        let end = estimate && block.end >= windowEnd ? timetable.end(ofBlockOpenAt: block.start)
            : estimate && timetable.horizonCuts(blockEndingAt: block.end) ? nil
            : BlockEnd(at: block.end, estimated: block.endEstimated)
        guard let end, end.at < timetable.writable.upperBound else { return nil }
        return end
    }

    /// The one containing `t` that started last; ties go to the one first in the feed (HOURS.md §3.2).
    func namingInterval(at t: Instant, in block: OpenBlock) -> OpenInterval? {
        intervals[block.members].filter { $0.contains(t) }.min {
            ($0.start, $0.estimated ? 0 : 1, -$0.feedOrder) > ($1.start, $1.estimated ? 0 : 1, -$1.feedOrder)
        }
    }

    func openingInterval(of block: OpenBlock) -> OpenInterval {
        namingInterval(at: block.start, in: block) ?? intervals[block.members.lowerBound]
    }
}
