import DiningHours
import VenueAnswers
import VenuedProtocol

/// The venues `hours`, `next`, `search` and `open` read: `--data FILE` when given, else
/// the copy venued keeps on disk, else the bundled data (`LocalCopy`).
///
/// Why these commands do not ask venued: they are typed by a person, not run by a
/// prompt or a status bar many times a minute, so the ~1 ms of decoding is not worth a
/// second code path; and venued writes every copy it adopts to that same file, so the
/// answer is computed from the data venued serves whether or not it is running.
/// `source` says which copy it was (`cache`, `bundled` or `file`). `status` and
/// `is-open`, which scripts and prompts call often, ask venued first.
struct LocalData {
    let feed: LoadedFeed
    /// Lines for stderr: the parts of a `--data` file that were skipped, or why the
    /// cached copy was passed over.
    let notes: [String]

    static func load(_ path: String?, environment: [String: String]) throws(CLIError) -> LocalData {
        if let path {
            let feed = try FeedFile.load(path: path)
            guard let first = feed.feed.warnings.first else { return LocalData(feed: feed, notes: []) }
            let more = feed.feed.warningCount > 1 ? " (and \(feed.feed.warningCount - 1) more)" : ""
            return LocalData(feed: feed, notes: ["note: skipped part of \(path): \(first)\(more)"])
        }
        let copy = try LocalCopy.load(environment: environment)
        return LocalData(feed: copy.feed, notes: copy.skippedCache.map { ["note: \($0), so the bundled data is shown"] } ?? [])
    }

    /// `file data, 2023-09-16 to 2023-09-22`: what every answer's header says of its data.
    func describe(_ coverage: Coverage?) -> String {
        "\(feed.source.rawValue) data, " + (coverage.map { "\($0.first) to \($0.last)" } ?? "no dates")
    }

    func writeNotes() {
        for note in notes { Venuectl.writeError("venuectl: " + note) }
    }
}
