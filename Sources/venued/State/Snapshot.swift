import DiningHours
import VenueReports

/// Everything an answer is computed from, as one immutable value: the held feed, the
/// config in force, the health of the refreshes. The loop owns the only variable of
/// this type and replaces it whole (new data, a reload, a refresh that ended); a worker
/// is handed a copy and can never see half of a change, so no lock guards any of it.
struct Snapshot: Sendable {
    var held: FeedCopy
    /// The document `held` was decoded from, as venued got it: the `feed` answer, from
    /// which venuectl's typed commands compute what venued serves.
    var bytes: [UInt8]
    /// Bumped by every new `held`, even one that changes only the source: what the
    /// loop's caches (campuses, answer lines) are keyed by.
    var version = 0
    var config: Config
    var health = RefreshHealth()
    /// What the disk cache says of `held`: its validators for a conditional GET, its
    /// size and checksum; nil for the bundled data and a cache without meta.
    var meta: CacheFiles.Meta?

    /// How current `held` is, by the health of the refreshes.
    func age(now: Instant) -> DataAge {
        .served(held, lastSuccess: health.lastSuccessAt, failures: health.failures,
                refreshSeconds: config.refreshSeconds, now: now)
    }

    /// The configured zone's rules (validated when the config was read, so nil only if
    /// its file went away since).
    var zone: ZoneRules? { try? ZoneDatabase.system.rules(config.timeZone) }
}

/// How the refreshes went, for `info`, the data's age and the schedule.
struct RefreshHealth: Sendable {
    var lastError: String?
    var lastErrorAt: Instant?
    var lastSuccessAt: Instant?
    /// An instant, not a delay: a machine that slept past it refreshes when it wakes.
    var nextRefresh: Instant?
    /// Why `nextRefresh` is when it is, for `info`.
    var nextRefreshReason: RefreshPolicy.Reason?
    /// The earliest instant a chain may start for any reason, a client's `refresh`
    /// included: a Retry-After or the backoff after failures. nil when the gate is open.
    var gateOpensAt: Instant?
    var failures = 0
    /// Why the last write of the cache failed, and when; nil once a write succeeds.
    var cacheError: String?
    var cacheErrorAt: Instant?
}
