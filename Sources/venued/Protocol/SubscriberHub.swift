import DiningHours
import Foundation
import Glibc
import Synchronization
import VenuedCLI

/// The `subscribe` streams. One thread sleeps until the engine's next opening or
/// closing (no polling), or until the data changes, then pushes a fresh status line
/// to each subscriber whose answer changed. Pushes never block: a subscriber that
/// cannot take a line at once is disconnected rather than allowed to delay the rest.
final class SubscriberHub: Sendable {
    private struct Subscriber {
        let id: Int
        let fd: Int32
        let subscription: Subscription
        var options: StatusOptions { subscription.options }
        /// The `venues` member last sent, to skip pushes that would repeat it.
        var lastVenues: String
    }

    private struct State {
        var nextID = 1
        var subscribers: [Subscriber] = []
    }

    private let state = Mutex(State())
    private let wakeup: DispatchSemaphore
    private let answer: StatusAnswer
    private let store: FeedStore
    private let clock: Clock
    private let log: Log

    /// `wakeup` is signalled by the store when the data changes.
    init(wakeup: DispatchSemaphore, answer: StatusAnswer, store: FeedStore, clock: Clock, log: Log) {
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
        let id = state.withLock { state -> Int? in
            let id = state.nextID
            state.nextID += 1
            guard let (line, venues) = line(for: subscription, event: "snapshot", at: clock.now()),
                  SocketIO.sendAll(fd, line) else { return nil }
            state.subscribers.append(Subscriber(id: id, fd: fd, subscription: subscription, lastVenues: venues))
            return id
        }
        // A new subscriber may watch another zone, whose transitions come at other instants.
        wakeup.signal()
        return id
    }

    func remove(_ id: Int) {
        state.withLock { $0.subscribers.removeAll { $0.id == id } }
    }

    private func run() {
        var seenGeneration = store.generation
        while true {
            let next = nextTransition(after: clock.now())
            let wait = next.map(clock.seconds(until:)) ?? 3600
            // Wake at least hourly so a stepped system clock cannot strand a push.
            _ = wakeup.wait(timeout: .now() + min(wait, 3600))
            let generation = store.generation
            if generation != seenGeneration {
                seenGeneration = generation
                push(event: "data", onlyChanges: false)
            } else if let next, clock.now() >= next {
                push(event: "transition", onlyChanges: true)
            }
        }
    }

    /// The soonest opening or closing over the zones the subscribers watch.
    private func nextTransition(after now: Instant) -> Instant? {
        let zones = state.withLock { Set($0.subscribers.map { answer.zoneName($0.options) }) }
        return zones.compactMap { name -> Instant? in
            guard let zone = try? answer.prepared.zone(name) else { return nil }
            return answer.prepared.campus(zone).campus.transitions(after: now, through: now + Timetable.lookahead).first?.at
        }.min()
    }

    private func push(event: String, onlyChanges: Bool) {
        let now = clock.now()
        state.withLock { state in
            var kept: [Subscriber] = []
            for var subscriber in state.subscribers {
                guard let (line, venues) = line(for: subscriber.subscription, event: event, at: now) else {
                    SocketIO.sendAll(subscriber.fd, Reply.error(endError(subscriber.options, now)))
                    drop(subscriber)
                    continue
                }
                if onlyChanges && venues == subscriber.lastVenues {
                    kept.append(subscriber)
                    continue
                }
                guard SocketIO.sendAll(subscriber.fd, line) else {
                    log.warning("dropped a subscriber that is not reading")
                    drop(subscriber)
                    continue
                }
                subscriber.lastVenues = venues
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

    /// The line to push, and the venues' states it shows (a push is skipped when they
    /// did not change, whatever the presentation).
    private func line(for subscription: Subscription, event: String, at now: Instant) -> (String, String)? {
        guard let report = try? answer.report(subscription.options, at: now) else { return nil }
        let members = StatusJSON.members(report)
        let venues = members.first { $0.0 == "venues" }?.1 ?? ""
        let shown = subscription.presentation.map { presentation in
            [("source", JSONText.quote(report.source.rawValue)), ("text", JSONText.quote(presentation.render(report)))]
        } ?? members
        return (JSONText.object([("ok", "true"), ("event", JSONText.quote(event))] + shown) + "\n", venues)
    }

    private func endError(_ options: StatusOptions, _ now: Instant) -> ProtocolError {
        do { _ = try answer.report(options, at: now); return ProtocolError("subscription ended") } catch { return error.prefixed("subscription ended") }
    }
}
