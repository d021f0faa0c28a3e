import Glibc

/// The wall clock both programs take "now" from: to the second for answers, finer for
/// how long to sleep until one. `offset` shifts it, for tests only (`venued
/// --clock-offset`). Deadlines use `Monotonic`, which a change of the wall clock cannot
/// stretch or cut short.
public struct WallClock: Sendable {
    /// The largest shift, either way: a hundred years of 365.25 days. Enough for any test
    /// to stand anywhere near the data, and small enough that "now" stays far inside the
    /// years every date computation handles (the engine's instants, ISO 8601's four
    /// digits), so no sum with it can overflow.
    public static let offsetLimit = 3_155_760_000

    public let offset: Int

    /// `offset` is clamped to `offsetLimit` either way (the config refuses larger ones).
    public init(offset: Int = 0) {
        self.offset = min(max(offset, -Self.offsetLimit), Self.offsetLimit)
    }

    /// Whole seconds since the epoch (`now()` gives them as an engine `Instant`).
    public func seconds() -> Int { Self.read().tv_sec.clampedSum(offset) }

    /// Seconds since the epoch with a fraction.
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
    /// The sum, held at `Int.min` or `Int.max` instead of overflowing: a clock read that
    /// is nonsense (a kernel clock set near the end of time) stays a number, not a trap.
    fileprivate func clampedSum(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
