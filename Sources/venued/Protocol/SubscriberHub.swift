import DiningHours
import VenueReports
import VenuedProtocol

/// Who follows the status, what each was last given, and when each can next change; pure, for a virtual clock.
struct SubscriberHub {
    enum Follower: Hashable, Sendable { case connection(UInt64), promptFile(String) }

    struct Subscriber {
        let subscription: Subscription
        /// What was shown, to skip repeats; nil before anything was given, so a prompt file's first text is written.
        var lastShown: String?
        var wakeAt: Instant?
        /// By key, with their meal's start: each is sent once, even when the clock is set back into its lead time.
        var toldDishes: [String: Instant] = [:]
    }

    /// Weakest first; `data` sends to every connection, since the event says its data is new.
    enum Reason: Int, Sendable, Equatable {
        case transition
        /// The wall clock was set or the system resumed: every wake instant is suspect.
        case clockChanged
        case refreshEnded, data
        var event: String { self == .data || self == .refreshEnded ? "data" : "transition" }
    }

    struct Round: Sendable {
        let reason: Reason, at: Instant, subscribers: [(follower: Follower, subscription: Subscription)]
    }

    struct Computed: Sendable { let follower: Follower, outcome: Result<PushLine, ProtocolError> }

    struct Delivery {
        var send: [(token: UInt64, line: String)] = []
        var end: [(token: UInt64, line: String)] = []
        var write: [(name: String, text: String, problem: String?)] = []
    }

    private(set) var subscribers: [Follower: Subscriber] = [:]
    private(set) var pending: Reason?
    /// Asked every turn: a plain loop, which allocates nothing.
    var nextWake: Instant? {
        var earliest: Instant?
        for subscriber in subscribers.values {
            if let at = subscriber.wakeAt, earliest.map({ at < $0 }) ?? true { earliest = at }
        }
        return earliest
    }

    mutating func add(token: UInt64, subscription: Subscription, first: PushLine) {
        subscribers[.connection(token)] = Subscriber(subscription: subscription, lastShown: first.shown, wakeAt: first.wakeAt,
                                                     toldDishes: Dictionary(first.dishEvents.map { ($0.key, $0.start) }) { first, _ in first })
    }

    mutating func remove(_ token: UInt64) { subscribers[.connection(token)] = nil }

    mutating func followPromptFiles(_ wanted: [String: Subscription], now: Instant) {
        for case .promptFile(let name) in Array(subscribers.keys) where wanted[name] == nil {
            subscribers[.promptFile(name)] = nil
        }
        for (name, subscription) in wanted where subscribers[.promptFile(name)]?.subscription != subscription {
            subscribers[.promptFile(name)] = Subscriber(subscription: subscription, lastShown: nil, wakeAt: now)
        }
    }

    /// A stronger reason wins, so a refresh that brings new data renders each follower once, for `data`.
    mutating func request(_ reason: Reason) { if (pending?.rawValue ?? -1) <= reason.rawValue { pending = reason } }

    mutating func takeRound(at now: Instant) -> Round? {
        guard let reason = pending else { return nil }
        pending = nil
        let round = round(reason, at: now)
        return round.subscribers.isEmpty ? nil : round
    }

    func round(_ reason: Reason, at now: Instant) -> Round {
        let chosen = subscribers.filter { reason != .transition || ($0.value.wakeAt.map { $0 <= now } ?? false) }
        return Round(reason: reason, at: now, subscribers: chosen.map { ($0.key, $0.value.subscription) })
    }

    /// Followers that left or whose line changed meanwhile are skipped. A failed prompt file says so and is followed on.
    mutating func apply(_ round: Round, _ computed: [Computed]) -> Delivery {
        var delivery = Delivery()
        let asked = Dictionary(round.subscribers.map { ($0.follower, $0.subscription) }) { first, _ in first }
        for item in computed {
            guard var subscriber = subscribers[item.follower], asked[item.follower] == subscriber.subscription else { continue }
            switch (item.follower, item.outcome) {
            case (.connection(let token), .failure(let error)):
                subscribers[item.follower] = nil
                delivery.end.append((token, Reply.error(error.prefixed("subscription ended"))))
                continue
            case (.connection(let token), .success(let push)):
                subscriber.wakeAt = push.wakeAt
                if round.reason == .data || push.shown != subscriber.lastShown {
                    subscriber.lastShown = push.shown
                    delivery.send.append((token, push.line))
                }
                subscriber.toldDishes = subscriber.toldDishes.filter { $0.value > round.at }
                for event in push.dishEvents where subscriber.toldDishes[event.key] == nil {
                    delivery.send.append((token, event.line))
                    subscriber.toldDishes[event.key] = event.start
                }
            case (.promptFile(let name), let result):
                // A prompt file's subscription always has a presentation, so `shown` is its text.
                let (text, problem): (String, String?) = switch result {
                case .success(let push): (push.shown, nil)
                case .failure(let error): ("venued: \(error.message)\n", error.message)
                }
                subscriber.wakeAt = try? result.get().wakeAt
                if text != subscriber.lastShown {
                    subscriber.lastShown = text
                    delivery.write.append((name, text, problem))
                }
            }
            subscribers[item.follower] = subscriber
        }
        return delivery
    }
}

/// What a follower of the status asks for; `presentation` nil means the JSON object.
struct Subscription: Sendable, Equatable { let options: StatusOptions, presentation: StatusPresentation? }
