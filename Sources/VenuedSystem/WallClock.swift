import Glibc

/// The wall clock both programs take "now" from: to the second for answers, finer for
/// how long to sleep until one. `offset` shifts it, for tests only (`venued
/// --clock-offset`). Deadlines use `Monotonic`, which a change of the wall clock cannot
/// stretch or cut short.
public struct WallClock: Sendable {
    public let offset: Int

    public init(offset: Int = 0) {
        self.offset = offset
    }

    /// Whole seconds since the epoch (`now()` gives them as an engine `Instant`).
    public func seconds() -> Int { Self.read().tv_sec + offset }

    /// Seconds since the epoch with a fraction.
    public func preciseNow() -> Double {
        let clock = Self.read()
        return Double(clock.tv_sec + offset) + Double(clock.tv_nsec) / 1e9
    }

    private static func read() -> timespec {
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        return clock
    }

}
