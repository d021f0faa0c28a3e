/// One daypart on the time line: open at `start`, closed at `end` (half-open).
public struct OpenInterval: Sendable, Equatable {
    public let start: Instant
    public let end: Instant
    public let label: String
    public let message: String
    /// Position of the daypart in the venue's feed: ties between labels go to the earlier one.
    public let feedOrder: Int
    /// Projected from another week (HOURS.md §3.4), not read from the feed.
    public let estimated: Bool

    public func contains(_ t: Instant) -> Bool { start <= t && t < end }
}

/// Overlapping or touching intervals merged into one stretch of open time (HOURS.md §2.6).
public struct OpenBlock: Sendable, Equatable {
    public let start: Instant
    public let end: Instant
    /// The start (end) comes only from projected intervals.
    public let startEstimated: Bool
    public let endEstimated: Bool
    /// The intervals that make up the block, as indices into `Schedule.intervals`.
    let members: Range<Int>

    public func contains(_ t: Instant) -> Bool { start <= t && t < end }
}

/// Where a block closes; `estimated` when projected hours decide it.
public struct BlockEnd: Sendable, Equatable {
    public let at: Instant
    public let estimated: Bool
}

/// The local dates a venue's feed speaks for (HOURS.md §3.1): a date inside with no day entry is closed; one
/// outside is projected up to `horizonDays` away, and unknown beyond.
public struct Coverage: Sendable, Hashable {
    public let first: LocalDate
    public let last: LocalDate

    public init(first: LocalDate, last: LocalDate) {
        self.first = first
        self.last = last
    }

    public func contains(_ date: LocalDate) -> Bool { first <= date && date <= last }
}
