import DiningHours
import VenuedProtocol

/// The `subscribe` streams' state: who follows what, what each was last sent, and when
/// each answer can next read differently (`Redraw`: an opening or closing, a
/// closing-soon start, a countdown's start and each of its minutes, midnight).
///
/// Owned by the connection loop's thread and touched by no other: the loop arms its
/// wall-clock timer at `nextWake`, hands a `Round` to a worker that renders the lines
/// (`PushRenderer`: favorites files, formats), and sends what `apply` returns. Only the
/// loop writes sockets, so a descriptor it has closed is never written to. Pure apart
/// from that hand-over, so the simulation drives it with a virtual clock.
struct SubscriberHub {
    struct Subscriber {
        let subscription: Subscription
        /// What was last sent (the text, or a JSON line without its instants), to skip
        /// pushes that would repeat it.
        var lastShown: String
        /// When its answer can next change.
        var wakeAt: Instant?
    }

    /// Why lines are recomputed: each kind sends what changed, and `data` sends to
    /// everyone (the event tells a client its data is new even when the text is not).
    enum Reason: Sendable, Equatable {
        /// Some subscribers' wake instants came.
        case transition
        /// The wall clock was set or the system resumed: every wake instant is suspect.
        case clockChanged
        /// A refresh ended: the data may have turned stale, or fresh again.
        case refreshEnded
        /// The held venues changed.
        case data

        var event: String { self == .data || self == .refreshEnded ? "data" : "transition" }
        var onlyChanges: Bool { self != .data }
    }

    /// One recomputation: for whom, why, and at which instant.
    struct Round: Sendable {
        let reason: Reason
        let at: Instant
        let subscribers: [(token: UInt64, subscription: Subscription)]
    }

    /// A subscriber's fresh line, or why its stream ends.
    struct Computed: Sendable {
        let token: UInt64
        let result: Result<PushLine, ProtocolError>
    }

    /// What the loop does with a round's results.
    struct Delivery {
        /// Lines to send; a subscriber whose socket cannot take its line at once is dropped.
        var send: [(token: UInt64, line: String)] = []
        /// Streams to end: the line to send, then close.
        var end: [(token: UInt64, line: String)] = []
    }

    private(set) var subscribers: [UInt64: Subscriber] = [:]
    /// The round to start next: the strongest reason asked for since the last one.
    private(set) var pending: Reason?

    var count: Int { subscribers.count }

    /// The soonest instant a subscriber's answer can change.
    var nextWake: Instant? { subscribers.values.compactMap(\.wakeAt).min() }

    mutating func add(token: UInt64, subscription: Subscription, first: PushLine) {
        subscribers[token] = Subscriber(subscription: subscription, lastShown: first.shown, wakeAt: first.wakeAt)
    }

    mutating func remove(_ token: UInt64) { subscribers[token] = nil }

    /// Asks for a round; a stronger reason wins over a weaker one: new data (sent to
    /// all), then a refresh's end and a set clock (every subscriber recomputed), then
    /// the instants that came.
    mutating func request(_ reason: Reason) {
        switch (pending, reason) {
        case (.data?, _), (.refreshEnded?, .clockChanged), (.refreshEnded?, .transition), (.clockChanged?, .transition): return
        default: pending = reason
        }
    }

    /// The pending round at `now`, taken; nil when none is pending, or when it concerns
    /// nobody (an instant whose subscriber has left).
    mutating func takeRound(at now: Instant) -> Round? {
        guard let reason = pending else { return nil }
        pending = nil
        let round = round(reason, at: now)
        return round.subscribers.isEmpty ? nil : round
    }

    /// The round `reason` calls for at `now`: the subscribers whose instant came, or all.
    func round(_ reason: Reason, at now: Instant) -> Round {
        let chosen = subscribers.filter { reason != .transition || ($0.value.wakeAt.map { $0 <= now } ?? false) }
        return Round(reason: reason, at: now, subscribers: chosen.map { ($0.key, $0.value.subscription) })
    }

    /// Takes a round's lines: new wake instants for all, lines for those whose answer
    /// changed (or all, for new data). Subscribers that left meanwhile are skipped; one
    /// that subscribed meanwhile keeps its fresher snapshot.
    mutating func apply(_ round: Round, _ computed: [Computed]) -> Delivery {
        var delivery = Delivery()
        for item in computed {
            guard var subscriber = subscribers[item.token] else { continue }
            switch item.result {
            case .failure(let error):
                subscribers[item.token] = nil
                delivery.end.append((item.token, Reply.error(error.prefixed("subscription ended"))))
            case .success(let push):
                subscriber.wakeAt = push.wakeAt
                if !round.reason.onlyChanges || push.shown != subscriber.lastShown {
                    subscriber.lastShown = push.shown
                    delivery.send.append((item.token, push.line))
                }
                subscribers[item.token] = subscriber
            }
        }
        return delivery
    }
}
