import DiningHours
import Foundation
import Glibc
import Synchronization
import VenueReports
import VenuedProtocol
import VenuedSystem

/// The `subscribe` streams. One thread sleeps until the soonest instant a subscriber's
/// answer could read differently (`Redraw`: an opening or closing, a closing-soon
/// start, a countdown's next minute, the data turning stale; no polling), until the
/// data changes, or until a refresh ends (which can make the data stale or fresh
/// again), then pushes a fresh status line to each subscriber whose answer changed.
/// Pushes never block: a subscriber that cannot take a line at once is disconnected
/// rather than allowed to delay the rest.
///
/// Lines are computed (rendered, favorites files read) outside the lock the connection
/// loop also takes; only the non-blocking sends happen under it, and only to
/// subscribers still registered, so a descriptor the loop has closed (and the kernel
/// may have given to another client) is never written to.
final class SubscriberHub: Sendable {
    private struct Subscriber {
        let id: Int
        let fd: Int32
        let subscription: Subscription
        var options: StatusOptions { subscription.options }
        /// What was last sent (the text, or a JSON line without its instants), to skip
        /// pushes that would repeat it.
        var lastShown: String
        /// When its answer can next change.
        var wakeAt: Instant?
    }

    private struct State {
        var nextID = 1
        var subscribers: [Subscriber] = []
    }

    private let state = Mutex(State())
    /// Set by `refreshEnded`, taken by the thread: the data's age may read differently.
    private let refreshed = Atomic<Bool>(false)
    private let wakeup: DispatchSemaphore
    private let answer: StatusAnswer
    private let store: FeedStore
    private let clock: WallClock
    private let log: Log

    /// `wakeup` is signalled by the store when the data changes.
    init(wakeup: DispatchSemaphore, answer: StatusAnswer, store: FeedStore, clock: WallClock, log: Log) {
        self.wakeup = wakeup
        self.answer = answer
        self.store = store
        self.clock = clock
        self.log = log
    }

    var count: Int { state.withLock { $0.subscribers.count } }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "subscriptions"
        thread.start()
    }

    /// Registers the connection `fd` and sends its first line; nil when that failed.
    func add(fd: Int32, subscription: Subscription) -> Int? {
        guard let push = line(for: subscription, event: "snapshot", at: clock.now()) else { return nil }
        let id = state.withLock { state -> Int? in
            let id = state.nextID
            state.nextID += 1
            guard SocketIO.sendAll(fd, push.line) else { return nil }
            state.subscribers.append(Subscriber(id: id, fd: fd, subscription: subscription, lastShown: push.shown, wakeAt: push.wakeAt))
            return id
        }
        // A new subscriber may need an earlier wake-up than the hub sleeps until.
        wakeup.signal()
        return id
    }

    /// A refresh ended: what answers say of the data's age may differ (it turned stale,
    /// or is fresh again) even when the venues did not, so each subscriber whose line
    /// changed gets it.
    func refreshEnded() {
        refreshed.store(true, ordering: .sequentiallyConsistent)
        wakeup.signal()
    }

    func remove(_ id: Int) {
        state.withLock { $0.subscribers.removeAll { $0.id == id } }
    }

    private func run() {
        var seenGeneration = store.generation
        while true {
            let next = state.withLock { $0.subscribers.compactMap(\.wakeAt).min() }
            let wait = next.map(clock.seconds(until:)) ?? 3600
            // Wake at least hourly so a stepped system clock cannot strand a push.
            _ = wakeup.wait(timeout: .now() + min(wait, 3600))
            let generation = store.generation
            let refreshEnded = refreshed.exchange(false, ordering: .sequentiallyConsistent)
            if generation != seenGeneration {
                seenGeneration = generation
                push(event: "data", onlyChanges: false)
            } else if refreshEnded {
                push(event: "data", onlyChanges: true)
            } else if let next, clock.now() >= next {
                push(event: "transition", onlyChanges: true)
            }
        }
    }

    private func push(event: String, onlyChanges: Bool) {
        let now = clock.now()
        let subscriptions = state.withLock { state in state.subscribers.map { ($0.id, $0.subscription) } }
        var lines: [Int: (line: String, shown: String, wakeAt: Instant?)] = [:]
        for (id, subscription) in subscriptions {
            lines[id] = line(for: subscription, event: event, at: now)
        }
        state.withLock { state in
            var kept: [Subscriber] = []
            for var subscriber in state.subscribers {
                // Registered since the lines were computed: its snapshot is fresh enough.
                guard subscriptions.contains(where: { $0.0 == subscriber.id }) else {
                    kept.append(subscriber)
                    continue
                }
                guard let push = lines[subscriber.id] else {
                    SocketIO.sendAll(subscriber.fd, Reply.error(endError(subscriber.options, now)))
                    drop(subscriber)
                    continue
                }
                subscriber.wakeAt = push.wakeAt
                if onlyChanges && push.shown == subscriber.lastShown {
                    kept.append(subscriber)
                    continue
                }
                guard SocketIO.sendAll(subscriber.fd, push.line) else {
                    log.warning("dropped a subscriber that is not reading")
                    drop(subscriber)
                    continue
                }
                subscriber.lastShown = push.shown
                kept.append(subscriber)
            }
            state.subscribers = kept
        }
    }

    /// Ends a subscription: the connection loop sees the shutdown as a hang-up, removes
    /// the subscriber and closes the descriptor.
    private func drop(_ subscriber: Subscriber) {
        shutdown(subscriber.fd, Int32(SHUT_RDWR))
    }

    /// The line to push, what it shows (a push is skipped when that did not change:
    /// the text, or the venues of a JSON line, whose `at` always moves), and when the
    /// answer can next change.
    private func line(for subscription: Subscription, event: String, at now: Instant) -> (line: String, shown: String, wakeAt: Instant?)? {
        guard let report = try? answer.report(subscription.options, at: now),
              let zone = try? ZoneDatabase.system.rules(answer.zoneName(subscription.options)) else { return nil }
        let members = StatusJSON.members(report)
        let wakeAt = Redraw.next(after: report, campus: answer.prepared.campus(zone).campus, presentation: subscription.presentation)
        guard let presentation = subscription.presentation else {
            let shown = StatusJSON.shown(members)
            return (JSONText.object([("ok", "true"), ("event", JSONText.quote(event))] + members) + "\n", shown, wakeAt)
        }
        let text = presentation.render(report)
        let shown = [("source", JSONText.quote(report.source.rawValue)), ("text", JSONText.quote(text))]
        return (JSONText.object([("ok", "true"), ("event", JSONText.quote(event))] + shown) + "\n", text, wakeAt)
    }

    private func endError(_ options: StatusOptions, _ now: Instant) -> ProtocolError {
        do { _ = try answer.report(options, at: now); return ProtocolError("subscription ended") } catch { return error.prefixed("subscription ended") }
    }
}
