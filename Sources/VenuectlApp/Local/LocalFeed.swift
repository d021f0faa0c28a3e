import DiningHours
import VenueReports

/// The data venuectl computes from by itself: `--data FILE` when given, else the copy
/// venued keeps on disk, else the feed compiled into the binary (HOURS.md §4).
///
/// `status`, `is-open` and `watch` come here only when venued cannot answer, and say so
/// in one notice line. `hours`, `next`, `search` and `open` always do: they are typed by
/// a person, not run by a prompt or a status bar many times a minute, so the ~1 ms of
/// decoding is not worth a second code path; and venued writes every copy it adopts to
/// that same file, so the answer comes from the data venued serves whether or not it is
/// running. `source` says which copy it was (`cache`, `bundled` or `file`).
struct LocalFeed {
    let copy: FeedCopy
    /// Lines for stderr: the parts of a `--data` file that were skipped.
    let skippedData: String?
    /// Why a cache file that is there was passed over.
    let skippedCache: String?

    static func load(_ path: String?, environment: [String: String]) throws(CLIError) -> LocalFeed {
        if let path {
            let copy = try FeedFile.load(path: path)
            let skipped = copy.feed.warnings.first.map { first in
                "skipped part of \(path): \(first)" + (copy.feed.warningCount > 1 ? " (and \(copy.feed.warningCount - 1) more)" : "")
            }
            return LocalFeed(copy: copy, skippedData: skipped, skippedCache: nil)
        }
        var skipped: String?
        if let files = CacheFiles(environment: environment) {
            switch files.load() {
            case .usable(let entry):
                return LocalFeed(copy: FeedCopy(feed: entry.feed, source: .cache, fetchedAt: entry.meta?.fetchedAt),
                                 skippedData: nil, skippedCache: nil)
            case .unreadable(let reason), .corrupt(let reason):
                skipped = "the cached copy \(files.feedPath) is not usable (\(reason))"
            case .missing:
                break
            }
        }
        return LocalFeed(copy: try FeedFile.load(path: nil), skippedData: nil, skippedCache: skipped)
    }

    /// `file data, 2023-09-16 to 2023-09-22`: what every answer's header says of its data.
    func describe(_ coverage: Coverage?) -> String {
        "\(copy.source.rawValue) data, " + (coverage.map { "\($0.first) to \($0.last)" } ?? "no dates")
    }

    /// The notes of a command that always computes locally, for stderr.
    var notes: [String] {
        [skippedData.map { "note: " + $0 }, skippedCache.map { "note: \($0), so the bundled data is shown" }].compactMap { $0 }
    }

    func writeNotes() {
        for note in notes { Venuectl.writeError("venuectl: " + note) }
    }

    /// The one line of a command that asked venued first:
    /// `venued is not running (no socket at P); showing the cached copy from 2026-11-20 — start it with ...`
    func notice(_ failure: DaemonFailure, zone: ZoneRules) -> String {
        var shown = copy.source == .cache
            ? "showing the cached copy" + (copy.fetchedAt.map { " from \(zone.localDate(of: $0))" } ?? "")
            : "showing the bundled data"
        if let skippedCache { shown = "\(skippedCache), so \(shown)" }
        return "\(failure.reason); \(shown) — \(failure.hint)"
    }
}
