import Glibc

/// A `Double` of seconds as the kernel and people take it: the one place such a value
/// becomes whole numbers, checked so that no NaN, infinity or huge value can trap.
package enum Seconds {
    /// Ten years: longer than any wait either program makes, far inside `Int`.
    package static let longest = 10.0 * 365 * 86_400

    /// `seconds` as a `timespec`: NaN and negatives as zero, anything longer as `longest`.
    package static func timespec(_ seconds: Double) -> Glibc.timespec {
        let bounded = seconds.isNaN ? 0 : min(max(seconds, 0), longest)
        let whole = bounded.rounded(.down)
        return Glibc.timespec(tv_sec: Int(exactly: whole) ?? 0,
                              tv_nsec: Int(exactly: ((bounded - whole) * 1e9).rounded(.down)).map { min($0, 999_999_999) } ?? 0)
    }

    /// "10", "1.5": a duration for a message, whole when it is.
    package static func text(_ seconds: Double) -> String {
        Int(exactly: seconds).map(String.init) ?? String(seconds)
    }
}
