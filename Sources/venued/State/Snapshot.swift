import DiningHours
import VenueReports

/// Everything an answer is computed from. The loop owns the only variable of this type and replaces it whole; a
/// worker is handed a copy and can never see half of a change, so no lock guards it.
struct Snapshot: Sendable {
    var held: FeedCopy
    /// The document `held` was decoded from, as venued got it: the `feed` answer.
    var bytes: [UInt8]
    /// Bumped by every new `held`, even one that changes only the source: the loop's caches are keyed by it.
    var version = 0
    var config: Config
    var health = RefreshHealth()
    var meta: CacheFiles.Meta?

    func age(now: Instant) -> DataAge {
        .served(held, lastSuccess: health.lastSuccessAt, failures: health.failures,
                refreshSeconds: config.refreshSeconds, now: now)
    }

    var zone: ZoneRules? { try? ZoneDatabase.system.rules(config.timeZone) }
}

struct RefreshHealth: Sendable {
    var lastError: String?
    var lastErrorAt: Instant?
    var lastSuccessAt: Instant?
    /// An instant, not a delay: a machine that slept past it refreshes when it wakes.
    var nextRefresh: Instant?
    var nextRefreshReason: RefreshPolicy.Reason?
    /// The earliest instant a chain may start, for a client's `refresh` too; nil when open.
    var gateOpensAt: Instant?
    var failures = 0
    var cacheError: String?
    var cacheErrorAt: Instant?
}

/// How a refresh changes the snapshot, as pure functions: the loop and the simulation apply the very same steps.
extension Snapshot {
    /// True when the venues changed (news for every subscriber); the same again only say where and when from.
    mutating func take(_ result: Adoption.Result, now: Instant) -> Bool {
        if let written = result.cacheWrite {
            (health.cacheError, health.cacheErrorAt) = (written, written == nil ? nil : now)
            if let written { (health.lastError, health.lastErrorAt) = ("cache: \(written)", now) }
        }
        guard let copy = result.adopted else { return false }
        let changed = copy.feed.venues != held.feed.venues
        held = copy
        if let adopted = result.bytes { bytes = adopted }
        version += 1
        meta = result.meta
        return changed
    }

    mutating func end(_ chain: RefreshChain, now: Instant, unit: Double) -> RefreshPolicy.Decision {
        let outcome = chain.outcome
        if outcome.succeeded {
            (health.failures, health.lastSuccessAt) = (0, now)
        } else {
            health.failures += 1
            health.lastError = chain.report.attempts.map { "\($0.source.rawValue): \($0.detail)" }.joined(separator: "; ")
            health.lastErrorAt = now
        }
        let decision = RefreshPolicy(interval: config.refreshSeconds).next(
            after: outcome.succeeded ? .succeeded(outcome.freshness) : .failed(failures: health.failures),
            retryAfter: chain.retryAfter, now: now, unit: unit)
        (health.nextRefresh, health.nextRefreshReason) = (decision.at, decision.reason)
        health.gateOpensAt = decision.reason.shutsTheGate ? decision.at : nil
        return decision
    }
}

extension RefreshPolicy.Reason {
    /// A client's `refresh` waits for it too.
    var shutsTheGate: Bool {
        switch self {
        case .backoff, .retryAfter: true
        case .interval, .server: false
        }
    }
}
