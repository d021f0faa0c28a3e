import BundledFeed
import DiningHours
import Foundation
import Synchronization
import VenueReports
import VenuedProtocol
@testable import venued

/// venued's parts as the daemon wires them — the store, the refresher with its real
/// chain (decoding, `Freshness`, the disk cache, `RefreshPolicy`), the answers, the
/// subscribers' hub and its renderer — driven by a virtual clock instead of threads and
/// timers: `runDue` does, at one instant, what the refresh loop and the connection loop
/// would do when their wall-clock deadlines come or the clock is set.
final class SimulatedDaemon {
    /// What the store and the refresher report, as the loop's doorbell would.
    final class News: Sendable {
        let dataChanged = Atomic<Bool>(false)
        let refreshEnded = Atomic<Bool>(false)
    }

    let clock: VirtualClock
    let store: FeedStore
    let refresher: FeedRefresher
    let answer: StatusAnswer
    let renderer: PushRenderer
    private(set) var hub = SubscriberHub()
    private let news = News()
    /// What each subscriber's client has received last, by token.
    private(set) var held: [UInt64: String] = [:]
    private(set) var pushes = 0
    private(set) var refreshes = 0
    /// Streams that ended with an error (none should).
    private(set) var ended: [String] = []

    init(clock: VirtualClock, config: Config, upstream: SimulatedUpstream, random: @escaping @Sendable () -> Double) {
        self.clock = clock
        let log = Log(environment: [:], level: .error)
        let news = self.news
        let initial: FeedCopy
        if let cached = DiskCache(directory: config.cacheDirectory).load(log: log) {
            initial = FeedCopy(feed: cached.feed, source: .cache, fetchedAt: cached.meta?.fetchedAt)
        } else {
            // The bundled feed decodes, or the test suite would not have got here.
            initial = FeedCopy(feed: (try? FeedDecoder.decode(BundledFeed.bytes)) ?? Feed(venues: [], warnings: [], warningCount: 0),
                               source: .bundled, fetchedAt: nil)
        }
        store = FeedStore(held: initial) { news.dataChanged.store(true, ordering: .relaxed) }
        let settings = LiveConfig(config)
        refresher = FeedRefresher(store: store, settings: settings, clock: clock, log: log, random: random,
                                  fetch: { upstream.fetch($0, $1, $2) },
                                  onReport: { _ in news.refreshEnded.store(true, ordering: .relaxed) })
        answer = StatusAnswer(prepared: Prepared(store: store, settings: settings), settings: settings, favoritesFile: nil)
        renderer = PushRenderer(answer: answer, reads: NamedFileReads())
    }

    /// A client subscribes: its first line, as the loop would send it.
    func subscribe(_ token: UInt64, _ subscription: Subscription) throws {
        let first = try renderer.first(for: subscription, at: clock.now()).get()
        hub.add(token: token, subscription: subscription, first: first)
        held[token] = first.line
    }

    /// The earliest instant something is due: a refresh, or a subscriber's wake.
    var nextDeadline: Instant? {
        [store.health.nextRefresh, hub.nextWake].compactMap { $0 }.min()
    }

    /// Everything due at the clock's instant, to quiescence: refreshes whose time came,
    /// then rounds of pushes for new data, a refresh's end, a set clock, the instants
    /// that came. `clockSet` is the kernel's ECANCELED after a step or a resume.
    func runDue(clockSet: Bool = false) {
        if clockSet { hub.request(.clockChanged) }
        for _ in 0..<64 {
            let now = clock.now()
            if store.health.nextRefresh.map({ $0 <= now }) ?? true {
                _ = refresher.refresh()
                refreshes += 1
            }
            if news.dataChanged.exchange(false, ordering: .relaxed) { hub.request(.data) }
            if news.refreshEnded.exchange(false, ordering: .relaxed) { hub.request(.refreshEnded) }
            if let wake = hub.nextWake, wake <= now { hub.request(.transition) }
            guard let round = hub.takeRound(at: now) else {
                if store.health.nextRefresh.map({ $0 <= now }) ?? true { continue }
                return
            }
            let delivery = hub.apply(round, renderer.render(round))
            for (token, line) in delivery.send {
                held[token] = line
                pushes += 1
            }
            for (_, line) in delivery.end { ended.append(line) }
        }
    }
}
