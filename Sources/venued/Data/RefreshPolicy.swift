import DiningHours
import VenuedSystem

/// When the next refresh is due, from how the last chain went and what the servers said.
///
/// The rule (docs/venued.md, "When venued refreshes"):
///
/// - **After a success** (a 200 or a 304 that gave venues): the server's remaining
///   lifetime for that response (`FreshnessHeaders.lifetime`), but never less than the
///   configured interval and never more than `longestLifetime` (or the interval, when
///   that is longer); `no-store`/`no-cache`, an unreadable or missing lifetime, or one
///   shorter than the interval give the interval. The server may make venued ask less
///   often, never more often than its user configured.
/// - **After a failure**: the full-jitter backoff (`Backoff.delay`, base 30 s, capped by
///   the interval).
/// - **Either way, never before a `Retry-After`** that a 429 or 503 of this chain sent
///   (the latest of them), itself capped at `longestRetryAfter`.
/// - **Jitter**: a lifetime, an interval or a Retry-After gets up to `jitterShare` of
///   itself added at random. Many machines given the same lifetime, the same
///   `Expires` or the same Retry-After at once would otherwise come back in the same
///   second; the backoff is random already.
///
/// A value type without I/O: `now` and the random `unit` are arguments, so every rule is
/// a unit test. The answer is an absolute instant, so a machine that slept past it
/// refreshes as soon as it wakes.
struct RefreshPolicy: Sendable {
    /// The most a server can stretch the wait. The venues change about twice a day, and
    /// a venue closed at short notice should not stay open on screens much longer.
    static let longestLifetime = 6 * 3600
    /// The most a Retry-After is obeyed: a server that asks for a week is not taken at
    /// its word, and `venuectl refresh` can always ask sooner.
    static let longestRetryAfter = 24 * 3600
    /// The share of a wait added at random, at most.
    static let jitterShare = 0.1
    /// The first backoff's ceiling, in seconds.
    static let backoffBase = 30.0

    /// The configured `refresh` seconds (1-86400; clamped so no caller can make the
    /// arithmetic below overflow).
    let interval: Int

    init(interval: Int) { self.interval = min(max(interval, 1), 86_400) }

    /// How a refresh chain ended, with what its responses said about the next one.
    enum Outcome: Sendable, Equatable {
        /// A source gave venues; the freshness headers of that response.
        case succeeded(FreshnessHeaders)
        /// No source did; `failures` in a row, this chain's included.
        case failed(failures: Int)
    }

    /// Why the next refresh is when it is; `info` shows its description.
    enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// The interval, after a success whose server gave no longer lifetime.
        case interval(ServerLifetime)
        /// The server's lifetime, longer than the interval; `cappedAt` when over the longest.
        case server(ServerLifetime, cappedAt: Int?)
        /// The backoff after `failures` failed refreshes in a row.
        case backoff(failures: Int)
        /// A Retry-After of `seconds`, later than the rest of the rule; `cappedAt` when over the longest.
        case retryAfter(Int, cappedAt: Int?)

        var description: String {
            switch self {
            case .interval(.unstated): return "interval"
            case .interval(let lifetime) where lifetime.remaining > 0: return "interval (server: \(lifetime), not longer)"
            case .interval(let lifetime): return "interval (server: \(lifetime))"
            case .server(let lifetime, let cap): return "server \(lifetime)" + (cap.map { ", capped at \($0) s" } ?? "")
            case .backoff(let failures): return "backoff after \(failures) failed refresh\(failures == 1 ? "" : "es")"
            case .retryAfter(let seconds, let cap): return "Retry-After \(seconds) s" + (cap.map { ", capped at \($0) s" } ?? "")
            }
        }
    }

    struct Decision: Sendable, Equatable {
        let at: Instant
        let reason: Reason
    }

    /// The next refresh after a chain that ended at `now` with `outcome`, given the
    /// Retry-After headers its 429s and 503s carried; `unit` is a random number in 0..<1
    /// (anything else counts as 0).
    func next(after outcome: Outcome, retryAfter: [RetryAfterHeader] = [], now: Instant, unit: Double) -> Decision {
        let unit = unit >= 0 && unit < 1 ? unit : 0
        var wait: Int, reason: Reason
        switch outcome {
        case .succeeded(let headers):
            let lifetime = headers.lifetime(receivedAt: now)
            let remaining = lifetime.remaining
            let longest = max(interval, Self.longestLifetime)
            if remaining > interval {
                wait = min(remaining, longest)
                reason = .server(lifetime, cappedAt: remaining > longest ? longest : nil)
            } else {
                wait = interval
                reason = .interval(lifetime)
            }
            wait += Self.jitter(wait, unit)
        case .failed(let failures):
            // At most the interval (≤ 86400) and at least 1 s: the conversion cannot fail.
            let delay = Backoff.delay(failures: failures, base: Self.backoffBase, cap: Double(interval), unit: unit)
            wait = Int(exactly: delay.rounded(.up)) ?? interval
            reason = .backoff(failures: max(failures, 1))
        }
        if let asked = retryAfter.compactMap({ $0.delay(receivedAt: now) }).max() {
            let obeyed = min(asked, Self.longestRetryAfter)
            let retryWait = obeyed + Self.jitter(obeyed, unit)
            if retryWait > wait {
                wait = retryWait
                reason = .retryAfter(asked, cappedAt: asked > obeyed ? obeyed : nil)
            }
        }
        return Decision(at: now + wait, reason: reason)
    }

    /// Up to `jitterShare` of `seconds` (at most a day's worth here), whole seconds.
    private static func jitter(_ seconds: Int, _ unit: Double) -> Int {
        Int(exactly: (Double(seconds) * jitterShare * unit).rounded(.down)) ?? 0
    }
}
