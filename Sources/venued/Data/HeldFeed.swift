import DiningHours

/// Where the data being served came from; `status` reports it as `source` (SPEC §4).
enum FeedSource: String, Sendable {
    case primary, backup, cache, bundled
}

/// The feed venued answers from, with where and when it was obtained.
struct HeldFeed: Sendable {
    let feed: Feed
    let source: FeedSource
    /// When this copy was fetched (for `cache`: when the cached copy was fetched).
    let fetchedAt: Instant?

    /// The dates the feed covers when read in `zone`.
    func coverage(zone: ZoneRules) -> Coverage? { Campus(feed: feed, zone: zone).coverage }
}
