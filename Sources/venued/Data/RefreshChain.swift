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
