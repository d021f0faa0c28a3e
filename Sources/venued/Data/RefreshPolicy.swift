import DiningHours
import VenueReports
import VenuedSystem

/// When the next refresh is due (docs/venued.md, "When venued refreshes").
struct RefreshPolicy: Sendable {
    /// Venues change about twice a day; a venue closed at short notice must not stay open on screens.
    static let longestLifetime = 6 * 3600
    /// A server asking for a week is not taken at its word; `venuectl refresh` can always ask sooner.
    static let longestRetryAfter = 24 * 3600
    static let jitterShare = 0.1
    static let backoffBase = 30.0
    let interval: Int
    /// Clamped, so no caller can make the arithmetic below overflow.
    init(interval: Int) { self.interval = min(max(interval, 1), 86_400) }
    enum Outcome: Sendable, Equatable { case succeeded(FreshnessHeaders), failed(failures: Int) }

    enum Reason: Sendable, Equatable, CustomStringConvertible {
        case interval(ServerLifetime), server(ServerLifetime, cappedAt: Int?), backoff(failures: Int)
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

    func next(after outcome: Outcome, retryAfter: [RetryAfterHeader] = [], now: Instant, unit: Double) -> Decision {
        let unit = unit >= 0 && unit < 1 ? unit : 0
        var wait: Int, reason: Reason
        switch outcome {
        case .succeeded(let headers):
            let lifetime = headers.lifetime(receivedAt: now)
            let remaining = lifetime.remaining
            let longest = max(interval, Self.longestLifetime)
            (wait, reason) = remaining > interval
                ? (min(remaining, longest), .server(lifetime, cappedAt: remaining > longest ? longest : nil))
                : (interval, .interval(lifetime))
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

    private static func jitter(_ seconds: Int, _ unit: Double) -> Int {
        Int(exactly: (Double(seconds) * jitterShare * unit).rounded(.down)) ?? 0
    }
}

/// What one refresh did, source by source; the `refresh` command returns it.
struct RefreshReport: Sendable {
    struct Attempt: Sendable {
        let source: FeedSource
        let ok: Bool
        let detail: String
    }

    let attempts: [Attempt]
    var succeeded: Bool { attempts.contains(where: \.ok) }
}

/// One run of the source chain, primary then backup, as a value the loop steps through.
struct RefreshChain: Sendable {
    struct Fetch: Sendable, Equatable {
        let source: FeedSource
        let url: String
        let validators: Validators?
    }

    private let sources: [(FeedSource, String)]
    private var index = 0
    private(set) var attempts: [RefreshReport.Attempt] = []
    private(set) var retryAfter: [RetryAfterHeader] = []
    private(set) var freshness: FreshnessHeaders?
    private(set) var current: Fetch?
    init(config: Config) { sources = [(.primary, config.primaryURL), (.backup, config.backupURL)] }
    var report: RefreshReport { RefreshReport(attempts: attempts) }
    var succeeded: Bool { report.succeeded }

    mutating func next(held meta: CacheFiles.Meta?) -> Fetch? {
        guard !succeeded, index < sources.count else { current = nil; return nil }
        let (source, url) = sources[index]
        index += 1
        let validators = meta.flatMap { $0.url == url ? Validators(etag: $0.etag, lastModified: $0.lastModified) : nil }
        current = Fetch(source: source, url: url, validators: validators)
        return current
    }

    mutating func failed(_ reason: String, retryAfter asked: RetryAfterHeader?) {
        guard let current else { return }
        if let asked { retryAfter.append(asked) }
        attempts.append(RefreshReport.Attempt(source: current.source, ok: false, detail: reason))
    }

    mutating func judged(_ attempt: RefreshReport.Attempt, freshness headers: FreshnessHeaders) {
        attempts.append(attempt)
        if attempt.ok { freshness = headers }
    }

    var outcome: (succeeded: Bool, freshness: FreshnessHeaders) { (succeeded, freshness ?? FreshnessHeaders()) }
}
