/// A point on the time line in whole seconds since the Unix epoch: the feed has minute precision, so whole
/// seconds keep every comparison exact and every boundary test reproducible.
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let secondsSinceEpoch: Int

    public init(secondsSinceEpoch: Int) { self.secondsSinceEpoch = secondsSinceEpoch }

    public static func < (a: Instant, b: Instant) -> Bool { a.secondsSinceEpoch < b.secondsSinceEpoch }
    public static func + (a: Instant, seconds: Int) -> Instant { Instant(secondsSinceEpoch: a.secondsSinceEpoch + seconds) }
    public static func - (a: Instant, seconds: Int) -> Instant { Instant(secondsSinceEpoch: a.secondsSinceEpoch - seconds) }
    public static func - (a: Instant, b: Instant) -> Int { a.secondsSinceEpoch - b.secondsSinceEpoch }

    /// UTC, ISO 8601: `2023-09-18T16:00:00Z`.
    public var description: String { "\(LocalDateTime(wallSeconds: secondsSinceEpoch))Z" }
}
