/// Whole seconds: the feed has minute precision, so every comparison is exact.
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let secondsSinceEpoch: Int
    public init(secondsSinceEpoch: Int) { self.secondsSinceEpoch = secondsSinceEpoch }
    public static func < (a: Instant, b: Instant) -> Bool { a.secondsSinceEpoch < b.secondsSinceEpoch }
    public static func + (a: Instant, seconds: Int) -> Instant { Instant(secondsSinceEpoch: a.secondsSinceEpoch + seconds) }
    public static func - (a: Instant, seconds: Int) -> Instant { Instant(secondsSinceEpoch: a.secondsSinceEpoch - seconds) }
    public static func - (a: Instant, b: Instant) -> Int { a.secondsSinceEpoch - b.secondsSinceEpoch }
    public var description: String { "\(LocalDateTime(wallSeconds: secondsSinceEpoch))Z" }
}
