import Glibc

/// Seconds on a clock that never steps: for deadlines, which a change of the wall clock must not stretch.
public enum Monotonic {
    public static func seconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
