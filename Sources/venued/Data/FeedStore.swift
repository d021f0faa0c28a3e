import DiningHours
import Synchronization
import VenueReports

/// The data being served and the health of the refreshes, shared by every thread.
/// A change of the venues calls `onChange`, which is how subscribers hear of new data
/// without polling.
final class FeedStore: Sendable {
    struct Health: Sendable {
        var lastError: String?
        var lastErrorAt: Instant?
        var lastSuccessAt: Instant?
        /// An instant, not a delay: a machine that slept past it refreshes when it wakes.
        var nextRefresh: Instant?
        /// Why `nextRefresh` is when it is, for `info`.
        var nextRefreshReason: RefreshPolicy.Reason?
        var failures = 0
        /// Why the last write of the cache failed, and when; nil once a write succeeds.
        /// While set, the files venuectl reads hold an older copy than the one served.
        var cacheError: String?
        var cacheErrorAt: Instant?
    }

    private struct State {
        var held: FeedCopy
        /// Bumped by every `replace`, even one that changes only the source: what the
        /// caches of `Prepared` are keyed by.
        var version = 0
        var health = Health()
    }

    private let state: Mutex<State>
    private let onChange: @Sendable () -> Void

    init(held: FeedCopy, onChange: @escaping @Sendable () -> Void) {
        state = Mutex(State(held: held))
        self.onChange = onChange
    }

    var held: FeedCopy { state.withLock { $0.held } }
    var version: Int { state.withLock { $0.version } }
    var health: Health { state.withLock { $0.health } }
    /// The held feed and its version, read together.
    var versioned: (held: FeedCopy, version: Int) { state.withLock { ($0.held, $0.version) } }

    /// Serve `feed` from now on. The same venues again (a 304, an unchanged body) only
    /// update where and when they came from: that is not news for subscribers.
    func replace(with feed: FeedCopy) {
        let changed = state.withLock { state -> Bool in
            let changed = state.held.feed.venues != feed.feed.venues
            state.held = feed
            state.version += 1
            return changed
        }
        if changed { onChange() }
    }

    @discardableResult
    /// How current `held` is, by the health of the refreshes (`DataAge.served`).
    func age(of held: FeedCopy, refreshSeconds: Int, now: Instant) -> DataAge {
        let health = self.health
        return .served(held, lastSuccess: health.lastSuccessAt, failures: health.failures, refreshSeconds: refreshSeconds, now: now)
    }

    func updateHealth<T: Sendable>(_ update: (inout Health) -> T) -> T {
        state.withLock { update(&$0.health) }
    }
}
