import CLinuxEvents
import DiningHours
import Synchronization
import VenueReports
import VenuedSystem

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

/// A chain's report and what its responses said about when to ask again.
private struct ChainResult {
    let report: RefreshReport
    /// The freshness headers of the response that gave venues; nil when none did.
    var freshness: FreshnessHeaders?
    /// The Retry-After of every 429 or 503 on the way.
    var retryAfter: [RetryAfterHeader] = []
}

/// Runs the source chain: primary, then backup; the disk cache and the bundled feed
/// were loaded at start and stay held until a fetch beats them. A fetch counts only
/// when it decodes to a non-empty venue list, and it is adopted only when
/// `Freshness` allows. One refresh runs at a time. A caller gets the report of a chain
/// that started after it asked: its own, or one that a caller who came later but got
/// the turn first ran for both. So however many ask at once, each waits for at most the
/// chain under way and one more (twice the two fetches' deadlines).
final class FeedRefresher: Sendable {
    private let store: FeedStore
    private let settings: LiveConfig
    private let clock: any InstantSource
    private let log: Log
    /// One GET of one source: a `FetchProcess` in the daemon, the simulated upstream in
    /// the simulation.
    private let fetch: Fetch
    /// Random numbers in 0..<1 for the schedule's jitter; injected so it can be fixed.
    private let random: @Sendable () -> Double
    private let onReport: @Sendable (RefreshReport) -> Void
    /// Refresh requests so far, numbered; a chain serves every request up to the number
    /// current when it starts.
    private let requests = Atomic<Int>(0)
    /// Held while a chain runs: the last chain's report and the requests it served.
    private let serial = Mutex<(served: Int, report: RefreshReport)?>(nil)

    typealias Fetch = @Sendable (_ url: String, _ validators: Validators?, _ timeout: Double) -> FetchResult

    /// A GET in a child process (`FetchProcess`): what the daemon uses.
    static let fetchInChild: Fetch = { url, validators, timeout in FetchProcess(timeout: timeout).fetch(url, validators: validators) }

    init(store: FeedStore, settings: LiveConfig, clock: any InstantSource, log: Log,
         random: @escaping @Sendable () -> Double, fetch: @escaping Fetch = fetchInChild,
         onReport: @escaping @Sendable (RefreshReport) -> Void) {
        self.fetch = fetch
        self.store = store
        self.settings = settings
        self.clock = clock
        self.log = log
        self.random = random
        self.onReport = onReport
    }

    func refresh() -> RefreshReport {
        let ticket = requests.add(1, ordering: .sequentiallyConsistent).newValue
        let (report, ran) = serial.withLock { last -> (RefreshReport, Bool) in
            if let last, last.served >= ticket { return (last.report, false) }
            let served = requests.load(ordering: .sequentiallyConsistent)
            let config = settings.current
            let chain = runChain(config)
            schedule(after: chain, config: config)
            last = (served, chain.report)
            return (chain.report, true)
        }
        guard ran else { return report }
        // Decoding a large body (up to 4 MB, 100,000 values) frees its tree at once, but
        // glibc keeps the pages: give them back, or the daemon would sit at that peak.
        _ = venued_release_free_memory()
        onReport(report)
        return report
    }

    private func runChain(_ config: Config) -> ChainResult {
        let cache = DiskCache(directory: config.cacheDirectory)
        var attempts: [RefreshReport.Attempt] = []
        var retryAfter: [RetryAfterHeader] = []
        let cached = cache.load(log: log)
        for (source, url) in [(FeedSource.primary, config.primaryURL), (.backup, config.backupURL)] {
            let validators = cached?.meta.flatMap { $0.url == url ? Validators(etag: $0.etag, lastModified: $0.lastModified) : nil }
            let bytes: [UInt8], received: Validators, freshness: FreshnessHeaders, note: String
            switch fetch(url, validators, config.timeoutSeconds) {
            case .failed(let reason, let asked):
                attempts.append(failure(source, url, reason))
                if let asked { retryAfter.append(asked) }
                continue
            case .notModified(let headers):
                // Validators are only sent when the cache holds this URL's copy.
                bytes = cached?.bytes ?? []
                received = validators ?? Validators()
                freshness = headers
                note = "not modified"
            case .body(let body, let answered, let headers):
                bytes = body
                received = answered
                freshness = headers
                note = "\(body.count) bytes"
            }
            let feed: Feed
            do { feed = try FeedDecoder.decode(bytes) } catch {
                attempts.append(failure(source, url, Self.describe(error, bytes)))
                continue
            }
            guard !feed.venues.isEmpty else {
                attempts.append(failure(source, url, "an empty venue list"))
                continue
            }
            attempts.append(adopt(feed, bytes: bytes, validators: received, source: source, url: url, note: note, config: config))
            return ChainResult(report: RefreshReport(attempts: attempts), freshness: freshness, retryAfter: retryAfter)
        }
        return ChainResult(report: RefreshReport(attempts: attempts), retryAfter: retryAfter)
    }

    private func adopt(_ feed: Feed, bytes: [UInt8], validators: Validators, source: FeedSource, url: String,
                       note: String, config: Config) -> RefreshReport.Attempt {
        // The zone was validated when the config was read.
        guard let zone = try? ZoneDatabase.system.rules(config.timeZone) else {
            return failure(source, url, "unknown time zone \(config.timeZone)")
        }
        let now = clock.now()
        let held = store.held
        let today = zone.localDate(of: now)
        let verdict = Freshness.judge(held: Answers(Campus(feed: held.feed, zone: zone), today: today),
                                      candidate: Answers(Campus(feed: feed, zone: zone), today: today))
        if case .keep(let reason) = verdict {
            log.info("\(source.rawValue) data not adopted: \(reason); kept the held \(held.source.rawValue) data")
            return RefreshReport.Attempt(source: source, ok: true, detail: "kept the held \(held.source.rawValue) data: \(reason)")
        }
        // On disk first: once a client sees the new source, a restart finds it too.
        let meta = CacheFiles.Meta(describing: bytes, source: source, url: url, etag: validators.etag,
                                   lastModified: validators.lastModified, fetchedAt: now)
        var detail = "adopted (\(note))"
        do {
            try DiskCache(directory: config.cacheDirectory).store(bytes, meta: meta)
            store.updateHealth { $0.cacheError = nil; $0.cacheErrorAt = nil }
        } catch {
            // Served, but not on disk: a restart, and venuectl's commands that read the
            // file, would see the older copy. Said wherever the refresh is reported.
            detail += ", but the cache could not be written: \(error)"
            store.updateHealth { health in
                (health.cacheError, health.cacheErrorAt) = ("\(error)", now)
                (health.lastError, health.lastErrorAt) = ("cache: \(error)", now)
            }
            log.error("\(source.rawValue) data adopted, but the cache could not be written: \(error); until a write succeeds, a restart and venuectl's hours, next, search and open see the older copy")
        }
        store.replace(with: FeedCopy(feed: feed, source: source, fetchedAt: now))
        log.info("\(source.rawValue) data adopted (\(note), \(feed.venues.count) venues)")
        return RefreshReport.Attempt(source: source, ok: true, detail: detail)
    }

    private func failure(_ source: FeedSource, _ url: String, _ reason: String) -> RefreshReport.Attempt {
        log.warning("\(source.rawValue) fetch of \(url) failed: \(reason)")
        return RefreshReport.Attempt(source: source, ok: false, detail: reason)
    }

    private static func describe(_ error: FeedError, _ bytes: [UInt8]) -> String {
        if bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "<") {
            return "an HTML page, not JSON"
        }
        return "\(error)"
    }

    /// Next refresh, by `RefreshPolicy`: the server's lifetime or the interval after a
    /// success, the backoff after a failure, never before a Retry-After.
    private func schedule(after chain: ChainResult, config: Config) {
        let now = clock.now()
        let policy = RefreshPolicy(interval: config.refreshSeconds)
        let unit = random()
        let decision = store.updateHealth { health -> RefreshPolicy.Decision in
            let outcome: RefreshPolicy.Outcome
            if chain.report.succeeded {
                health.failures = 0
                health.lastSuccessAt = now
                outcome = .succeeded(chain.freshness ?? FreshnessHeaders())
            } else {
                health.failures += 1
                health.lastError = chain.report.attempts.map { "\($0.source.rawValue): \($0.detail)" }.joined(separator: "; ")
                health.lastErrorAt = now
                outcome = .failed(failures: health.failures)
            }
            let decision = policy.next(after: outcome, retryAfter: chain.retryAfter, now: now, unit: unit)
            health.nextRefresh = decision.at
            health.nextRefreshReason = decision.reason
            return decision
        }
        log.debug("next refresh at \(decision.at): \(decision.reason)")
    }
}

