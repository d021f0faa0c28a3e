/// A venue's intervals and merged blocks, materialized for a window of dates so that every question is a
/// binary search; `canAnswer(at:)` says whether an instant is far enough inside `dates` for a complete answer.
/// A final class with only constants: callers keep arrays of them, and reading one costs a retain, not a copy.
public final class Schedule: Sendable {
    public let timetable: Timetable
    public let dates: ClosedRange<LocalDate>
    public let estimate: Bool
    /// Real and projected intervals, sorted by start (real first, then feed order).
    public let intervals: [OpenInterval]
    public let blocks: [OpenBlock]
    /// Midnight after the last of `dates`, where projected intervals stop: a block reaching it may go on (`end(of:)`).
    let windowEnd: Instant

    init(timetable: Timetable, dates: ClosedRange<LocalDate>, estimate: Bool, intervals: [OpenInterval], windowEnd: Instant) {
        self.timetable = timetable
        self.dates = dates
        self.estimate = estimate
        self.intervals = intervals
        self.windowEnd = windowEnd
        self.blocks = Self.merge(intervals)
    }

    public var venue: Venue { timetable.venue }
    public var zone: ZoneRules { timetable.zone }
    public var coverage: Coverage? { timetable.coverage }

    static func intervalOrder(_ a: OpenInterval, _ b: OpenInterval) -> Bool {
        if a.start != b.start { return a.start < b.start }
        if a.estimated != b.estimated { return !a.estimated }
        return a.feedOrder < b.feedOrder
    }

    /// HOURS.md §2.6: `next.start <= current.end` joins. An edge is estimated only when no real interval shares it.
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
                if interval.end > end {
                    end = interval.end
                    endEstimated = interval.estimated
                } else if interval.end == end, !interval.estimated {
                    endEstimated = false
                }
                next += 1
            }
            blocks.append(OpenBlock(start: first.start, end: end, startEstimated: startEstimated,
                                    endEstimated: endEstimated, members: index..<next))
            index = next
        }
        return blocks
    }

    /// True when `t` lies far enough inside `dates` that no projected interval that matters for its status or next
    /// 14 days was left out.
    public func canAnswer(at t: Instant) -> Bool {
        guard estimate else { return true }
        let today = zone.localDate(of: t)
        return dates.lowerBound <= today.adding(days: -2) && today.adding(days: 15) <= dates.upperBound
    }

    func lastBlock(startingAtOrBefore t: Instant) -> Int? {
        var low = 0, high = blocks.count
        while low < high {
            let mid = (low + high) / 2
            if blocks[mid].start <= t { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : low - 1
    }

    /// Where a block really ends, however far past this window (the data, then projected weeks up to the
    /// horizon), and whether that end is projected; nil when the horizon cuts it short, or when the end is at or
    /// after the end of 9999-12-31 and cannot be written.
    public func end(of block: OpenBlock) -> BlockEnd? {
        guard let end = unboundedEnd(of: block), end.at < timetable.writable.upperBound else { return nil }
        return end
    }

    private func unboundedEnd(of block: OpenBlock) -> BlockEnd? {
        guard estimate else { return BlockEnd(at: block.end, estimated: block.endEstimated) }
        if block.end >= windowEnd { return timetable.end(ofBlockOpenAt: block.start) }
        return timetable.horizonCuts(blockEndingAt: block.end) ? nil : BlockEnd(at: block.end, estimated: block.endEstimated)
    }

    /// The interval that names the open time at `t`: the one containing `t` that started last; ties go to the one
    /// first in the feed (HOURS.md §3.2).
    func namingInterval(at t: Instant, in block: OpenBlock) -> OpenInterval? {
        var best: OpenInterval?
        for interval in intervals[block.members] where interval.contains(t) {
            guard let current = best else { best = interval; continue }
            if interval.start > current.start
                || (interval.start == current.start && (current.estimated && !interval.estimated
                    || current.estimated == interval.estimated && interval.feedOrder < current.feedOrder)) {
                best = interval
            }
        }
        return best
    }

    /// The label an opening block starts with.
    func openingInterval(of block: OpenBlock) -> OpenInterval {
        namingInterval(at: block.start, in: block) ?? intervals[block.members.lowerBound]
    }
}
