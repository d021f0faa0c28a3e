import BundledFeed
import DiningHours
import Testing
@testable import VenueReports

/// When data counts as stale (docs/HOURS.md, "Stale data"): what venued serves, judged
/// by its refreshes; what venuectl shows by itself, judged by the cache's fetch time.
@Suite("Data age")
struct DataAgeTests {
    static let feed = try! FeedDecoder.decode(BundledFeed.bytes)
    let now = Instant(secondsSinceEpoch: 1_800_000_000)
    let limit = DataAge.defaultRefreshSeconds + DataAge.margin

    func copy(_ source: FeedSource, fetchedSecondsAgo age: Int?) -> FeedCopy {
        FeedCopy(feed: Self.feed, source: source, fetchedAt: age.map { now - $0 })
    }

    @Test("venued's fresh copy is not stale, and says when it will be")
    func freshServedCopy() {
        let age = DataAge.served(copy(.primary, fetchedSecondsAgo: 600), lastSuccess: now - 600, failures: 0,
                                 refreshSeconds: DataAge.defaultRefreshSeconds, now: now)
        #expect(!age.isStale && age.fetchedAt == now - 600 && age.staleFrom == now - 600 + limit)
    }

    @Test("a copy is stale from the refresh interval plus the margin after it was last confirmed, not before")
    func overdueAtTheLimit() {
        let justFresh = DataAge.served(copy(.primary, fetchedSecondsAgo: limit - 1), lastSuccess: nil, failures: 2,
                                       refreshSeconds: DataAge.defaultRefreshSeconds, now: now)
        #expect(!justFresh.isStale)
        let overdue = DataAge.served(copy(.primary, fetchedSecondsAgo: limit), lastSuccess: nil, failures: 2,
                                     refreshSeconds: DataAge.defaultRefreshSeconds, now: now)
        #expect(overdue.staleness == .overdue && overdue.staleness?.name == "overdue")
        // The interval in venued's config counts.
        let longer = DataAge.served(copy(.primary, fetchedSecondsAgo: limit), lastSuccess: nil, failures: 2, refreshSeconds: 7200, now: now)
        #expect(!longer.isStale)
    }

    @Test("a refresh that kept the held copy confirms it")
    func keptCopyIsConfirmed() {
        let age = DataAge.served(copy(.primary, fetchedSecondsAgo: 86_400), lastSuccess: now - 60, failures: 0,
                                 refreshSeconds: DataAge.defaultRefreshSeconds, now: now)
        #expect(!age.isStale && age.fetchedAt == now - 86_400)
    }

    @Test("venued serving its cache or the bundled data because refreshes fail is stale at once")
    func refreshFailing() {
        for source in [FeedSource.cache, .bundled] {
            let age = DataAge.served(copy(source, fetchedSecondsAgo: source == .cache ? 60 : nil), lastSuccess: nil, failures: 1,
                                     refreshSeconds: DataAge.defaultRefreshSeconds, now: now)
            #expect(age.staleness == .refreshFailing && age.staleness?.name == "refresh_failing", "\(source)")
        }
    }

    @Test("the bundled data that no fetch has replaced yet is overdue")
    func bundledBeforeAnyFetch() {
        let age = DataAge.served(copy(.bundled, fetchedSecondsAgo: nil), lastSuccess: nil, failures: 0,
                                 refreshSeconds: DataAge.defaultRefreshSeconds, now: now)
        #expect(age.staleness == .overdue && age.staleFrom == nil)
    }

    @Test("venuectl's own copy: the bundled data and an old or undated cache are stale, a recent cache is not")
    func fallback() {
        let hint = "start it with 'systemctl --user start venued.socket'"
        let stale = DataAge.Staleness.venuedUnreachable(hint: hint)
        #expect(DataAge.fallback(copy(.bundled, fetchedSecondsAgo: nil), unreachableHint: hint, now: now).staleness == stale)
        #expect(DataAge.fallback(copy(.cache, fetchedSecondsAgo: nil), unreachableHint: hint, now: now).staleness == stale)
        #expect(DataAge.fallback(copy(.cache, fetchedSecondsAgo: limit), unreachableHint: hint, now: now).staleness == stale)
        let recent = DataAge.fallback(copy(.cache, fetchedSecondsAgo: 600), unreachableHint: hint, now: now)
        #expect(!recent.isStale && recent.staleFrom == now - 600 + limit)
        #expect(stale.name == "venued_unreachable")
    }
}
