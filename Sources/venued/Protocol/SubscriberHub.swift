import DiningHours
import VenueReports
import VenuedProtocol

/// Who follows the status, what each was last given, and when each answer can next read
/// differently (`Redraw`: an opening or closing, a closing-soon start, a countdown's start
/// and each of its minutes, midnight). Followers are `subscribe` connections and the
/// prompt files of the config file: both are re-rendered at the same instants, for the
/// same reasons, by the same code.
///
/// Owned by the connection loop's thread and touched by no other: the loop arms its
/// wall-clock timer at `nextWake`, hands a `Round` to the own lane, which renders the
/// lines (`PushRenderer`), and acts on what `apply` returns: lines
/// it sends itself (only the loop writes sockets, so a descriptor it has closed is never
/// written to) and file contents it hands to the own lane (`PromptFiles`; the loop
/// does no file I/O). Pure apart from that hand-over, so a test can drive it with a
/// virtual clock.
struct SubscriberHub {
    /// A follower of the status.
    enum Follower: Hashable, Sendable {
        /// A `subscribe` connection, by its epoll token.
        case connection(UInt64)
        /// A prompt file, by its name (`PromptSetting`).
        case promptFile(String)
    }

    struct Subscriber {
        let subscription: Subscription
        /// What was last given (the text, or a JSON line without its instants), to skip
        /// lines that would repeat it; nil before anything was (a prompt file just
        /// configured), so that its first text is written whatever it says.
        var lastShown: String?
        /// When its answer can next change.
        var wakeAt: Instant?
        /// The followed dishes' alerts it was told of, by key, with their meal's start:
        /// each is sent once, even when the clock is set back into its lead time, and is
        /// forgotten once its meal has started, when it can never be due again.
        var toldDishes: [String: Instant] = [:]
    }

    /// Why lines are recomputed: each kind sends what changed, and `data` sends to
    /// every connection (the event tells a client its data is new even when the text is
    /// not). A file is written only when its text changed: it has no events.
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
        /// Which of two pending reasons a round serves: it recomputes at least what the
        /// weaker one would. Every case has its rank, so a new one must be placed.
        var strength: Int {
            switch self {
            case .transition: 0
            case .clockChanged: 1
            case .refreshEnded: 2
            case .data: 3
            }
        }
        var onlyChanges: Bool { self != .data }
    }

    /// One recomputation: for whom, why, and at which instant.
    struct Round: Sendable {
        let reason: Reason
        let at: Instant
        let subscribers: [(follower: Follower, subscription: Subscription)]
    }

    /// A follower's fresh line, or why it cannot have one.
    struct Computed: Sendable {
        let follower: Follower
        let outcome: Result<PushLine, ProtocolError>
    }

    /// What the loop does with a round's results.
    struct Delivery {
        /// Lines to send; a subscriber whose socket cannot take its line at once is dropped.
        var send: [(token: UInt64, line: String)] = []
        /// Streams to end: the line to send, then close.
        var end: [(token: UInt64, line: String)] = []
        /// Prompt files to replace with new text; `problem` says why the text is an error
        /// (for the log, once: a file is written only when its text changes).
        var write: [(name: String, text: String, problem: String?)] = []
    }

    private(set) var subscribers: [Follower: Subscriber] = [:]
    /// The round to start next: the strongest reason asked for since the last one.
    private(set) var pending: Reason?

    /// The soonest instant a follower's answer can change.
    var nextWake: Instant? { subscribers.values.compactMap(\.wakeAt).min() }

    /// A new subscriber, given its first line and its due dishes' events already.
    mutating func add(token: UInt64, subscription: Subscription, first: PushLine) {
        subscribers[.connection(token)] = Subscriber(subscription: subscription, lastShown: first.shown, wakeAt: first.wakeAt,
                                                     toldDishes: Dictionary(first.dishEvents.map { ($0.key, $0.start) }) { first, _ in first })
    }

    mutating func remove(_ token: UInt64) { subscribers[.connection(token)] = nil }

    /// The prompt files followed now; every other one is dropped. A file that is new, or
    /// whose line changed, is due at `now`, so the next `transition` round renders it.
    mutating func followPromptFiles(_ wanted: [String: Subscription], now: Instant) {
        for case .promptFile(let name) in Array(subscribers.keys) where wanted[name] == nil {
            subscribers[.promptFile(name)] = nil
        }
        for (name, subscription) in wanted where subscribers[.promptFile(name)]?.subscription != subscription {
            subscribers[.promptFile(name)] = Subscriber(subscription: subscription, lastShown: nil, wakeAt: now)
        }
    }

    /// Asks for a round; a stronger reason wins over a weaker one: new data (sent to
    /// all), then a refresh's end and a set clock (every subscriber recomputed), then
    /// the instants that came. A refresh that brings new data asks for `data` alone, so
    /// each follower is rendered once for it.
    mutating func request(_ reason: Reason) {
        if let pending, pending.strength > reason.strength { return }
        pending = reason
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
    /// changed (or all connections, for new data). Followers that left meanwhile, or
    /// whose line changed, are skipped; one that subscribed meanwhile keeps its fresher
    /// snapshot. A connection whose answer failed is ended; a prompt file says what
    /// failed, and is followed on, since new data or a fixed favorites file can mend it.
    mutating func apply(_ round: Round, _ computed: [Computed]) -> Delivery {
        var delivery = Delivery()
        // A prompt file whose line changed while the round was rendered keeps its name:
        // the line it was rendered for tells the two apart.
        let asked = Dictionary(round.subscribers.map { ($0.follower, $0.subscription) }) { first, _ in first }
        for item in computed {
            guard var subscriber = subscribers[item.follower], asked[item.follower] == subscriber.subscription else { continue }
            let result = item.outcome
            switch (item.follower, result) {
            case (.connection(let token), .failure(let error)):
                subscribers[item.follower] = nil
                delivery.end.append((token, Reply.error(error.prefixed("subscription ended"))))
            case (.connection(let token), .success(let push)):
                subscriber.wakeAt = push.wakeAt
                if !round.reason.onlyChanges || push.shown != subscriber.lastShown {
                    subscriber.lastShown = push.shown
                    delivery.send.append((token, push.line))
                }
                subscriber.toldDishes = subscriber.toldDishes.filter { $0.value > round.at }
                for event in push.dishEvents where subscriber.toldDishes[event.key] == nil {
                    delivery.send.append((token, event.line))
                    subscriber.toldDishes[event.key] = event.start
                }
                subscribers[item.follower] = subscriber
            case (.promptFile(let name), let result):
                let text: String, problem: String?
                switch result {
                case .success(let push):
                    subscriber.wakeAt = push.wakeAt
                    // A prompt file's subscription always has a presentation, so `shown` is its text.
                    (text, problem) = (push.shown, nil)
                case .failure(let error):
                    subscriber.wakeAt = nil
                    (text, problem) = ("venued: \(error.message)\n", error.message)
                }
                if text != subscriber.lastShown {
                    subscriber.lastShown = text
                    delivery.write.append((name, text, problem))
                }
                subscribers[item.follower] = subscriber
            }
        }
        return delivery
    }
}
