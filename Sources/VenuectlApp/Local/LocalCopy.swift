import BundledFeed
import DiningHours
import VenueAnswers
import VenuedProtocol

/// What `venuectl status` shows when venued cannot answer (SPEC §4): the copy venued
/// keeps on disk, else the feed compiled into the binary, and the one notice line that
/// says which and why.
struct LocalCopy {
    let feed: LoadedFeed
    /// When venued fetched the cached copy; nil for bundled data or a cache without meta.
    let fetchedAt: Instant?
    /// Why a cache file that is there was passed over.
    let skippedCache: String?

    static func load(environment: [String: String]) throws(CLIError) -> LocalCopy {
        var skipped: String?
        if let files = CacheFiles(environment: environment) {
            switch files.load() {
            case .usable(let copy):
                return LocalCopy(feed: LoadedFeed(feed: copy.feed, source: .cache),
                                 fetchedAt: copy.meta?.fetchedAt, skippedCache: nil)
            case .unreadable(let reason), .corrupt(let reason):
                skipped = "the cached copy \(files.feedPath) is not usable (\(reason))"
            case .missing:
                break
            }
        }
        return LocalCopy(feed: try FeedFile.load(path: nil), fetchedAt: nil, skippedCache: skipped)
    }

    /// `venued is not running (no socket at P); showing the cached copy from 2026-11-20 — start it with ...`
    func notice(_ failure: DaemonFailure, zone: ZoneRules) -> String {
        var shown: String
        if feed.source == .cache {
            shown = "showing the cached copy" + (fetchedAt.map { " from \(zone.localDate(of: $0))" } ?? "")
        } else {
            shown = "showing the bundled data"
        }
        if let skippedCache { shown = "\(skippedCache), so \(shown)" }
        return "\(failure.reason); \(shown) — \(failure.hint)"
    }
}
