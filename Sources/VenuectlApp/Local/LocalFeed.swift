import DiningHours
import VenueReports
import VenuedProtocol

/// The data venuectl computes from by itself: `--data FILE` when given, else the copy
/// venued keeps on disk, else the feed compiled into the binary (HOURS.md §4).
///
/// `status`, `is-open` and `watch` come here only when venued cannot answer, and say so
/// in one notice line. `hours`, `next`, `search` and `open` always do: they are typed by
/// a person, not run by a prompt or a status bar many times a minute, so the ~1 ms of
/// decoding is not worth a second code path; and venued writes every copy it adopts to
/// that same file, so the answer comes from the data venued serves whether or not it is
/// running. When that write fails (a full disk), the file is older than what venued
/// serves: those commands then ask venued's `info` and say so (`writeNotes(comparingWithVenued:)`).
/// `source` says which copy it was (`cache`, `bundled` or `file`).
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

    /// `writeNotes`, and for a command that always computes locally, a note when venued
    /// serves newer data than the copy shown: venued could not write its cache (a full
    /// disk), or writes another directory. Asked with `info` within a prompt's budget;
    /// a venued that cannot answer by then adds nothing.
    func writeNotes(comparingWithVenued context: Context) {
        writeNotes()
        guard copy.source != .file else { return }
        let connection = DaemonConnection(flag: nil, environment: context.environment, uid: context.uid)
        guard case .success(let answer) = connection.exchange(DaemonRequest.info, timeout: DaemonStatus.budget), answer.ok,
              let note = Self.newerInVenued(answer.value, than: copy) else { return }
        Venuectl.writeError("venuectl: note: " + note)
    }

    /// What venued's `info` says it serves, when that is newer than `copy` (fetched
    /// later, or not written to the cache: two fetches may share a second); else nil.
    static func newerInVenued(_ info: JSONValue, than copy: FeedCopy) -> String? {
        guard case .string(let fetched)? = info["fetched_at"], let served = instant(fetched) else { return nil }
        let cacheError = if case .string(let error)? = info["cache_error"] { error } else { String?.none }
        guard cacheError != nil || copy.fetchedAt.map({ served > $0 }) ?? true else { return nil }
        let source = if case .string(let name)? = info["source"] { name } else { "?" }
        let shown = copy.source == .cache ? "the cached copy shown here" : "the bundled data shown here"
        let why = cacheError.map { ": it cannot write its cache (\($0))" } ?? ""
        return "venued serves newer data (\(source), fetched \(String(fetched.prefix(16).map { $0 == "T" ? " " : $0 }))) than \(shown)\(why); 'venuectl status' asks venued"
    }

    /// An instant of an answer (ISO 8601 with its offset); nil for anything else.
    private static func instant(_ text: String) -> Instant? {
        guard case .withOffset(let local, let offset)? = FeedTime(parsing: text) else { return nil }
        return Instant(secondsSinceEpoch: local.wallSeconds - offset)
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
