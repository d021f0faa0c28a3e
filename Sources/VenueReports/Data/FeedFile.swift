import BundledFeed
import DiningHours
import VenuedSystem

/// A feed with where it came from: what venued serves, venuectl reads locally, and an answer's `source` reports.
public struct FeedCopy: Sendable {
    public let feed: Feed, source: FeedSource
    /// Nil for the bundled data, a `--data` file, or a cache without its meta.
    public let fetchedAt: Instant?

    public init(feed: Feed, source: FeedSource, fetchedAt: Instant? = nil) {
        (self.feed, self.source, self.fetchedAt) = (feed, source, fetchedAt)
    }

    public func coverage(zone: ZoneRules) -> Coverage? { Campus(feed: feed, zone: zone).coverage }
}

public enum FeedFile {
    package static func load(path: String?) throws(AnswerError) -> FeedCopy {
        guard let path else {
            do { return FeedCopy(feed: try FeedDecoder.decode(BundledFeed.bytes), source: .bundled) } catch {
                throw .invalidData(path: "the bundled feed", reason: "\(error)")
            }
        }
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(path, limit: BoundedFile.feedLimit, streams: true) } catch { throw AnswerError(error) }
        do { return FeedCopy(feed: try FeedDecoder.decode(bytes), source: .file) } catch {
            throw .invalidData(path: path, reason: "\(error)")
        }
    }
}
