import Glibc

/// The wall clock both programs take "now" from; `offset` shifts it, for tests only. Deadlines use
/// `Monotonic`, which a change of the wall clock cannot stretch.
public struct WallClock: Sendable {
    /// A hundred years either way: enough for any test, and small enough that "now" stays inside the
    /// years every date computation handles, so no sum with it can overflow.
    public static let offsetLimit = 3_155_760_000

    public let offset: Int

    /// `offset` is clamped to `offsetLimit` either way (the config refuses larger ones).
    public init(offset: Int = 0) {
        self.offset = min(max(offset, -Self.offsetLimit), Self.offsetLimit)
    }

    /// Whole seconds since the epoch.
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
    /// The sum, held at `Int.min` or `Int.max` instead of overflowing: a clock read that
    /// is nonsense (a kernel clock set near the end of time) stays a number, not a trap.
    fileprivate func clampedSum(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
