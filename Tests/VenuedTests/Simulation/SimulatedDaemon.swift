import BundledFeed
import DiningHours
import Foundation
import VenueReports
import VenuedProtocol
@testable import venued

/// venued's refresh and push logic as the loop runs it — the source chain
/// (`RefreshChain`), the judging and the disk cache (`Adoption`), the snapshot's changes
/// and `RefreshPolicy` (`Snapshot.take`, `Snapshot.end`), the subscribers' hub and its
/// renderer — driven by a virtual clock instead of the epoll loop: `runDue` does, at one
/// instant, what the loop does when its wall-clock deadlines come or the clock is set.
final class SimulatedDaemon {
    let clock: VirtualClock
    let upstream: SimulatedUpstream
    private let random: @Sendable () -> Double
    private(set) var snapshot: Snapshot
    private(set) var hub = SubscriberHub()
    /// What each subscriber's client has received last, by token.
    private(set) var held: [UInt64: String] = [:]
    private(set) var pushes = 0
    private(set) var refreshes = 0
    /// Streams that ended with an error (none should).
    private(set) var ended: [String] = []

    init(clock: VirtualClock, config: Config, upstream: SimulatedUpstream, random: @escaping @Sendable () -> Double) {
        self.clock = clock
        self.upstream = upstream
        self.random = random
        if let cached = DiskCache(directory: config.cacheDirectory).load().stored {
            snapshot = Snapshot(held: FeedCopy(feed: cached.feed, source: .cache, fetchedAt: cached.meta?.fetchedAt), bytes: cached.bytes,
                                config: config, meta: cached.meta)
        } else {
            // The bundled feed decodes, or the test suite would not have got here.
            let feed = (try? FeedDecoder.decode(BundledFeed.bytes)) ?? Feed(venues: [], warnings: [], warningCount: 0)
            snapshot = Snapshot(held: FeedCopy(feed: feed, source: .bundled, fetchedAt: nil), bytes: BundledFeed.bytes, config: config)
        }
    }

    var prepared: Prepared { Prepared(snapshot) }

    /// A client subscribes: its first line, as the loop would send it.
    func subscribe(_ token: UInt64, _ subscription: Subscription) throws {
        let first = try PushRenderer(prepared: prepared).line(for: subscription, event: "snapshot", at: clock.now()).get()
        hub.add(token: token, subscription: subscription, first: first)
        held[token] = first.line
    }

    /// The earliest instant something is due: a refresh, or a subscriber's wake.
    var nextDeadline: Instant? {
        [snapshot.health.nextRefresh, hub.nextWake].compactMap { $0 }.min()
    }

    /// One chain, as the loop runs it, with the GETs answered by the simulated upstream.
    private func refresh() {
        var chain = RefreshChain(config: snapshot.config)
        var changed = false
        while let fetch = chain.next(held: snapshot.meta) {
            let adoption = Adoption(snapshot: snapshot, fetch: fetch, now: clock.now())
            switch upstream.fetch(fetch.url, fetch.validators, snapshot.config.timeoutSeconds) {
            case .failed(let reason, let retryAfter):
                chain.failed(reason, retryAfter: retryAfter)
            case .notModified(let headers):
                let result = adoption.notModified()
                chain.judged(result.attempt, freshness: headers)
                if snapshot.take(result, now: clock.now()) { changed = true }
            case .body(let bytes, let validators, let headers):
                let result = adoption.body(bytes, validators: validators)
                chain.judged(result.attempt, freshness: headers)
                if snapshot.take(result, now: clock.now()) { changed = true }
            }
        }
        _ = snapshot.end(chain, now: clock.now(), unit: random())
        hub.request(changed ? .data : .refreshEnded)
    }

    /// Everything due at the clock's instant, to quiescence: refreshes whose time came,
    /// then rounds of pushes for new data, a refresh's end, a set clock, the instants
    /// that came. `clockSet` is the kernel's ECANCELED after a step or a resume.
    func runDue(clockSet: Bool = false) {
        if clockSet { hub.request(.clockChanged) }
        for _ in 0..<64 {
            let now = clock.now()
            if snapshot.health.nextRefresh.map({ $0 <= now }) ?? true {
                refresh()
                refreshes += 1
            }
            if let wake = hub.nextWake, wake <= now { hub.request(.transition) }
            guard let round = hub.takeRound(at: now) else {
                if snapshot.health.nextRefresh.map({ $0 <= now }) ?? true { continue }
                return
            }
            let delivery = hub.apply(round, PushRenderer(prepared: prepared).render(round))
            for (token, line) in delivery.send {
                held[token] = line
                pushes += 1
            }
            for (_, line) in delivery.end { ended.append(line) }
        }
    }
}
