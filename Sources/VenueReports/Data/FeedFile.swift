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

/// Hours change rarely: only data not refreshed for a while, or shown because refreshing failed, is stale.
public struct DataAge: Sendable, Hashable {
    /// `venuedUnreachable`: venuectl shows its own copy, and `hint` is what helps; `refreshFailing`: venued serves its
    /// cached or bundled copy; `overdue`: no refresh has succeeded for the interval and the margin (or ever).
    public enum Staleness: Sendable, Hashable {
        case venuedUnreachable(hint: String), refreshFailing, overdue

        public var name: String {
            switch self {
            case .venuedUnreachable: return "venued_unreachable"
            case .refreshFailing: return "refresh_failing"
            case .overdue: return "overdue"
            }
        }
    }

    public let fetchedAt: Instant?, staleness: Staleness?
    /// When data fresh now turns stale by age: watchers wake then to say so.
    public let staleFrom: Instant?

    public init(fetchedAt: Instant? = nil, staleness: Staleness? = nil, staleFrom: Instant? = nil) {
        (self.fetchedAt, self.staleness, self.staleFrom) = (fetchedAt, staleness, staleFrom)
    }

    public var isStale: Bool { staleness != nil }
    /// Past the refresh interval before data is stale: a few failed refreshes in a row are a blip, an hour is not.
    public static let margin = 3600
    /// venuectl, which does not read venued's config, judges a cached copy by this interval.
    public static let defaultRefreshSeconds = 900

    public static func served(_ copy: FeedCopy, lastSuccess: Instant?, failures: Int, refreshSeconds: Int, now: Instant) -> DataAge {
        if failures > 0 && (copy.source == .cache || copy.source == .bundled) {
            return DataAge(fetchedAt: copy.fetchedAt, staleness: .refreshFailing)
        }
        let confirmed = [copy.fetchedAt, lastSuccess].compactMap { $0 }.max()
        return aged(copy.fetchedAt, confirmed: confirmed, limit: refreshSeconds + margin, now: now)
    }

    /// venuectl's own copy: bundled data is always stale, a cache once older than venued's default interval and margin.
    public static func fallback(_ copy: FeedCopy, unreachableHint hint: String, now: Instant) -> DataAge {
        let age = aged(copy.fetchedAt, confirmed: copy.fetchedAt, limit: defaultRefreshSeconds + margin, now: now)
        guard age.isStale || copy.source == .bundled else { return age }
        return DataAge(fetchedAt: copy.fetchedAt, staleness: .venuedUnreachable(hint: hint))
    }

    private static func aged(_ fetchedAt: Instant?, confirmed: Instant?, limit: Int, now: Instant) -> DataAge {
        guard let confirmed, now < confirmed + limit else { return DataAge(fetchedAt: fetchedAt, staleness: .overdue) }
        return DataAge(fetchedAt: fetchedAt, staleFrom: confirmed + limit)
    }
}
