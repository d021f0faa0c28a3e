import DiningHours
import VenueAnswers
import VenuedProtocol

/// The feed venued answers from, with where and when it was obtained.
struct HeldFeed: Sendable {
    let feed: Feed
    let source: FeedSource
    /// When this copy was fetched (for `cache`: when the cached copy was fetched).
    let fetchedAt: Instant?

    /// The dates the feed covers when read in `zone`.
    func coverage(zone: ZoneRules) -> Coverage? { Campus(feed: feed, zone: zone).coverage }
}
