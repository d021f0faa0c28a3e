import DiningHours
import VenueReports
import VenuedProtocol

struct RuntimeFacts: Sendable {
    let version: String, pid: Int32, startedAt: Instant, socket: String, socketActivated: Bool
}

struct InfoAnswer: Sendable {
    let snapshot: Snapshot, age: DataAge, runtime: RuntimeFacts, subscribers: Int, refreshing: Bool, menus: String
    /// The config's zone, and the coverage in it (`ConnectionServer.heldCoverage`).
    let zone: ZoneRules, coverage: Coverage?

    func render() -> String {
        let (held, health, config) = (snapshot.held, snapshot.health, snapshot.config)
        return Reply.ok([
            ("version", JSONText.quote(runtime.version)), ("pid", "\(runtime.pid)"),
            ("started_at", Reply.time(runtime.startedAt, zone)), ("source", JSONText.quote(held.source.rawValue)),
            ("fetched_at", Reply.time(held.fetchedAt, zone)), ("stale", "\(age.isStale)"),
            ("stale_reason", JSONText.string(age.staleness?.name)), ("coverage", Reply.coverage(coverage)),
            ("venues", "\(held.feed.venues.count)"), ("warnings", "\(held.feed.warningCount)"),
            ("last_error", JSONText.string(health.lastError)), ("last_error_at", Reply.time(health.lastErrorAt, zone)),
            ("last_success_at", Reply.time(health.lastSuccessAt, zone)), ("failures", "\(health.failures)"),
            ("next_refresh", Reply.time(health.nextRefresh, zone)),
            ("next_refresh_reason", JSONText.string(health.nextRefreshReason?.description)),
            ("refresh_gate", Reply.time(health.gateOpensAt, zone)), ("refreshing", "\(refreshing)"),
            ("refresh_seconds", "\(config.refreshSeconds)"), ("timeout_seconds", "\(config.timeoutSeconds)"),
            ("primary_url", JSONText.quote(RedactedURL(config.primaryURL).description)),
            ("backup_url", JSONText.quote(RedactedURL(config.backupURL).description)),
            ("menus_url", JSONText.quote(RedactedURL(config.menusURL).description)), ("menus", menus),
            ("cache_dir", JSONText.quote(config.cacheDirectory)), ("cache_error", JSONText.string(health.cacheError)),
            ("cache_error_at", Reply.time(health.cacheErrorAt, zone)), ("tz", JSONText.quote(zone.identifier)),
            ("socket", JSONText.quote(runtime.socket)), ("socket_activated", "\(runtime.socketActivated)"),
            ("subscribers", "\(subscribers)"),
        ])
    }
}
