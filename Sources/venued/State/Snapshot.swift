import DiningHours
import VenueReports

/// Everything an answer is computed from, replaced whole by the loop: a worker's copy never sees half of a change.
struct Snapshot: Sendable {
    var held: FeedCopy
    /// The document `held` was decoded from, as venued got it: the `feed` answer.
    var bytes: [UInt8]
    /// Bumped by every new `held`, even one that changes only the source: the loop's caches are keyed by it.
    var version = 0, config: Config, health = RefreshHealth()
    var meta: CacheFiles.Meta?

    func age(now: Instant) -> DataAge {
        .served(held, lastSuccess: health.lastSuccessAt, failures: health.failures,
                refreshSeconds: config.refreshSeconds, now: now)
    }

    var zone: ZoneRules? { try? ZoneDatabase.system.rules(config.timeZone) }
}

struct RefreshHealth: Sendable {
    var lastError: String?, lastErrorAt: Instant?, lastSuccessAt: Instant?
    /// An instant, not a delay: a machine that slept past it refreshes when it wakes.
    var nextRefresh: Instant?, nextRefreshReason: RefreshPolicy.Reason?
    var gateOpensAt: Instant?
    var failures = 0, cacheError: String?, cacheErrorAt: Instant?
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
        if outcome.succeeded { (health.failures, health.lastSuccessAt) = (0, now) } else {
            health.failures += 1
            health.lastError = chain.report.attempts.map { "\($0.source.rawValue): \($0.detail)" }.joined(separator: "; ")
            health.lastErrorAt = now
        }
        let decision = RefreshPolicy(interval: config.refreshSeconds).next(
            after: outcome.succeeded ? .succeeded(outcome.freshness) : .failed(failures: health.failures),
            retryAfter: chain.retryAfter, now: now, unit: unit)
        (health.nextRefresh, health.nextRefreshReason) = (decision.at, decision.reason)
        // A client's `refresh` waits for the gate too.
        health.gateOpensAt = switch decision.reason {
        case .backoff, .retryAfter: decision.at
        case .interval, .server: nil
        }
        return decision
    }
}
