import DiningHours
import VenueReports

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

/// One run of the source chain, primary then backup, as a value the loop steps through:
/// it says which GET comes next, takes what each answered, and ends with the report and
/// what the responses said about the next refresh. Nothing here waits or reads a file:
/// the loop runs the GET (`FetchProcess`, its pipe in epoll) and the decoding and cache
/// write (`Adoption`, on a worker), so a hung upstream holds no thread and no lock.
struct RefreshChain: Sendable {
    /// One GET to run.
    struct Fetch: Sendable, Equatable {
        let source: FeedSource
        let url: String
        /// Sent only when the held copy came from this URL.
        let validators: Validators?
    }

    private let sources: [(FeedSource, String)]
    private var index = 0
    private(set) var attempts: [RefreshReport.Attempt] = []
    /// The Retry-After of every 429 or 503 on the way.
    private(set) var retryAfter: [RetryAfterHeader] = []
    /// The freshness headers of the response that gave venues; nil when none did.
    private(set) var freshness: FreshnessHeaders?
    /// The GET under way.
    private(set) var current: Fetch?

    init(config: Config) {
        sources = [(.primary, config.primaryURL), (.backup, config.backupURL)]
    }

    var report: RefreshReport { RefreshReport(attempts: attempts) }
    var succeeded: Bool { attempts.contains(where: \.ok) }

    /// The next GET, or nil once a source gave venues or none is left.
    mutating func next(held meta: CacheFiles.Meta?) -> Fetch? {
        guard !succeeded, index < sources.count else { current = nil; return nil }
        let (source, url) = sources[index]
        index += 1
        let validators = meta.flatMap { $0.url == url ? Validators(etag: $0.etag, lastModified: $0.lastModified) : nil }
        current = Fetch(source: source, url: url, validators: validators)
        return current
    }

    /// The GET under way failed before anything could be judged.
    mutating func failed(_ reason: String, retryAfter asked: RetryAfterHeader?) {
        guard let current else { return }
        if let asked { retryAfter.append(asked) }
        attempts.append(RefreshReport.Attempt(source: current.source, ok: false, detail: reason))
    }

    /// What `Adoption` made of the answer of the GET under way.
    mutating func judged(_ attempt: RefreshReport.Attempt, freshness headers: FreshnessHeaders) {
        attempts.append(attempt)
        if attempt.ok { freshness = headers }
    }

    /// How the chain ended, for `RefreshPolicy`.
    var outcome: (succeeded: Bool, freshness: FreshnessHeaders) { (succeeded, freshness ?? FreshnessHeaders()) }
}
