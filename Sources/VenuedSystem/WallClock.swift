import Glibc

/// The wall clock both programs take "now" from; `offset` shifts it, for tests only.
public struct WallClock: Sendable {
    /// A hundred years either way, so no sum with "now" can overflow a date computation.
    public static let offsetLimit = 3_155_760_000
    public let offset: Int
    public init(offset: Int = 0) { self.offset = min(max(offset, -Self.offsetLimit), Self.offsetLimit) }
    public func seconds() -> Int { Self.read().tv_sec.clampedSum(offset) }

    public func preciseNow() -> Double {
        let clock = Self.read()
        return Double(clock.tv_sec.clampedSum(offset)) + Double(clock.tv_nsec) / 1e9
    }

    private static func read() -> timespec {
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        return clock
    }
}

extension Int {
    /// A nonsense clock read (near the end of time) stays a number, not a trap.
    fileprivate func clampedSum(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
