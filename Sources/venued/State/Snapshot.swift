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
