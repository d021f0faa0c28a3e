import DiningHours
import VenueReports
import VenuedProtocol

/// `--data FILE`, else what venued serves, else its copy on disk, else the bundled feed, with one notice saying why.
package struct LocalFeed {
    package let copy: FeedCopy
    var skippedData: String?, skippedCache: String?
    /// Why venued's copy is not the one shown; nil when it is, or when none was asked.
    var unreachable: DaemonFailure?
    /// venued's `stale_reason` for the copy it served; nil when fresh.
    var servedStaleness: DataAge.Staleness?

    static func served(_ path: String?, socket: String? = nil, context: Context) throws(CLIError) -> LocalFeed {
        if path != nil { return try load(path, environment: context.environment) }
        let asked = try DaemonStatus.ask(DaemonRequest.feed, socket: socket, context: context, command: "feed", asked: "feed",
                                         timeout: 1) { answer in
            let staleness: DataAge.Staleness? = switch answer.value["stale_reason"] {
            case .string("refresh_failing")?: .refreshFailing
            case .string("overdue")?: .overdue
            default: nil
            }
            return feed(in: answer.value).map { LocalFeed(copy: $0, servedStaleness: staleness) }
        }
        if case .success(let served) = asked { return served }
        var local = try load(nil, environment: context.environment)
        if case .failure(let failure) = asked { local.unreachable = failure }
        return local
    }

    private static func feed(in answer: JSONValue) -> FeedCopy? {
        guard case .string(let text)? = answer["feed"], case .string(let name)? = answer["source"],
              let source = FeedSource(rawValue: name), let feed = try? FeedDecoder.decode(Array(text.utf8)) else { return nil }
        var fetchedAt: Instant?
        if case .string(let text)? = answer["fetched_at"],
           case .withOffset(let local, let offset)? = FeedTime(parsing: text) {
            fetchedAt = Instant(secondsSinceEpoch: local.wallSeconds - offset)
        }
        return FeedCopy(feed: feed, source: source, fetchedAt: fetchedAt)
    }

    func age(now: Instant) -> DataAge {
        if let unreachable { return DataAge.fallback(copy, unreachableHint: unreachable.hint, now: now) }
        return DataAge(fetchedAt: copy.fetchedAt, staleness: servedStaleness)
    }

    package static func load(_ path: String?, environment: [String: String]) throws(CLIError) -> LocalFeed {
        if let path {
            let copy = try answering(try FeedFile.load(path: path))
            let skipped = SkippedData.line(path, warnings: copy.feed.warnings, count: copy.feed.warningCount)
            return LocalFeed(copy: copy, skippedData: skipped)
        }
        var skipped: String?
        if let files = CacheFiles(environment: environment) {
            switch files.load() {
            case .usable(let entry):
                return LocalFeed(copy: FeedCopy(feed: entry.feed, source: .cache, fetchedAt: entry.meta?.fetchedAt))
            case .unreadable(let reason), .corrupt(let reason):
                skipped = "the cached copy \(files.feedPath) is not usable (\(reason))"
            case .missing: break
            }
        }
        return LocalFeed(copy: try answering(try FeedFile.load(path: nil)), skippedCache: skipped)
    }

    func describe(_ coverage: Coverage?) -> String {
        "\(copy.source.rawValue) data, " + (coverage.map { "\($0.first) to \($0.last)" } ?? "no dates")
    }

    var notes: [String] {
        [skippedData.map { "note: " + $0 }, skippedCache.map { "note: \($0), so the bundled data is shown" }].compactMap { $0 }
    }

    func writeNotes() { for note in notes { Venuectl.writeError("venuectl: " + note) } }

    func writeNotes(zone: ZoneRules) {
        guard let unreachable else { return writeNotes() }
        Venuectl.writeError("venuectl: " + notice(unreachable, zone: zone))
    }

    func notice(_ failure: DaemonFailure, zone: ZoneRules) -> String {
        var shown = copy.source == .cache
            ? "showing the cached copy" + (copy.fetchedAt.map { " from \(zone.localDate(of: $0))" } ?? "")
            : "showing the bundled data"
        if let skippedCache { shown = "\(skippedCache), so \(shown)" }
        return "\(failure.reason); \(shown) — \(failure.hint)"
    }
}
