import DiningHours
import Glibc
import VenueReports
import VenuectlApp
import VenuectlGrammar
import VenuedProtocol
import VenuedSystem

/// `venued-notify`'s loop: follows venued's `subscribe` stream (or the local copy), announces on the session bus.
final class NotifyFollower {
    static let stopSignals = SignalSet([SIGTERM, SIGINT])
    static let venuedBackoff = (base: 0.5, cap: 30.0)

    private let options: NotifyOptions
    private let context: Context
    private let file: NotifiedFile
    private let clock = WallClock()
    private let timer: WallTimer
    private let signals: Int32
    private var state: NotifiedState
    private var views: [Int: VenueView] = [:]
    private var pending: [NotifyEvent] = []
    private var hours = HoursWatch()
    private var followed: [String] = []
    private var named: Set<Int>?
    private var stream: DaemonStream?
    private var venuedFailures = 0
    private var venuedRetryAt = 0.0
    private var local: Campus?
    private let sender: NotificationSender
    private var favoritesProblem: String?
    private var sent = 0
    /// After a stop signal nothing new is sent; the loop ends once the calls in flight are recorded.
    private var stopping = false

    init(options: NotifyOptions, context: Context) throws(CLIError) {
        self.options = options
        self.context = context
        file = try NotifiedFile.claim(environment: context.environment)
        guard let timer = WallTimer() else { throw .environment("venued-notify cannot create a timerfd: \(Syscall.Errno(errno))") }
        guard let signals = Self.stopSignals.descriptor() else { throw .environment("venued-notify cannot create a signalfd: \(Syscall.Errno(errno))") }
        self.timer = timer
        self.signals = signals
        sender = NotificationSender(environment: context.environment, clock: clock) { Self.log($0) }
        let (state, problem) = file.load()
        self.state = state
        if let problem { Self.log(problem) }
    }

    deinit { close(signals) }

    func run() throws(CLIError) -> Int32 {
        while true {
            var now = clock.preciseNow()
            if !stopping {
                if stream == nil && now >= venuedRetryAt { try follow() }
                if stream == nil { try followLocalCopy(at: clock.seconds()) }
                sender.connectIfDue(now: now)
                now = clock.preciseNow()
                sendDue(at: clock.seconds())
            }
            if stopping && sender.inFlight.isEmpty { return 0 }
            if let count = options.count, sent >= count, sender.inFlight.isEmpty { return 0 }
            BrowserOpener.reapFinished()

            let waiting = [pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
                           stream.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) },
                           sender.descriptor]
            let wake = stopping ? sender.wake(now: now) : min(nextWake(after: now), sender.wake(now: now))
            if case .others(let events) = timer.wait(until: wake, watching: waiting.compactMap { $0 }) {
                if events[0] != 0 && !SignalSet.take(signals).isEmpty { stopping = true }
                if stream != nil && events.count > 1 && events[1] != 0 { try readVenued() }
            }
            // After every wake: sd-bus may hold messages read with an earlier answer, and it times out calls itself.
            for delivered in sender.process() { record(delivered) }
        }
    }

    /// Subscribes to every venue and filters here, so an edit of the favorites counts at once.
    private func follow() throws(CLIError) {
        var query = StatusOptions()
        // No closing-soon window: its start would be a push that announces nothing.
        query.soonMinutes = 0
        let favorites = options.events.contains(.dish) ? Favorites.path(environment: context.environment) : nil
        followed = favorites.flatMap { try? Favorites.load($0).dishes } ?? []
        // Unsent while `dishes` is off.
        query.dishes = !followed.isEmpty
        query.followedDishes = followed
        let connection = DaemonConnection(flag: options.socket, environment: context.environment, uid: context.uid)
        let budget = DaemonStatus.budget
        let opened: DaemonStream
        switch connection.open(StatusQuery.request(.subscribe, query, presentation: nil), until: Monotonic.seconds() + budget, seconds: budget) {
        case .success(let stream): opened = stream
        case .failure(let failure): return venuedFailed(failure)
        }
        switch opened.nextAnswer(until: Monotonic.seconds() + budget, seconds: budget) {
        case .success(let answer) where answer.ok:
            stream = opened
            local = nil
            try apply(answer)
            // Lines that came with the snapshot are read already: poll would not say so.
            try readVenued()
        case .success(let answer):
            opened.close()
            venuedFailed(.unusable(connection.path, "refused the subscription (\(Self.error(in: answer)))"))
        case .failure(let failure):
            opened.close()
            venuedFailed(failure)
        }
    }

    private func readVenued() throws(CLIError) {
        guard let stream else { return }
        switch stream.availableAnswers() {
        case .success(let answers):
            for answer in answers {
                guard answer.ok else {
                    return venuedGone(.unusable(stream.path, "ended the subscription (\(Self.error(in: answer)))"))
                }
                try apply(answer)
            }
        case .failure(let failure): venuedGone(failure)
        }
    }

    private func venuedGone(_ failure: DaemonFailure) {
        stream?.close()
        stream = nil
        venuedFailures = 0
        venuedFailed(failure)
    }

    private func venuedFailed(_ failure: DaemonFailure) {
        venuedFailures += 1
        if venuedFailures == 1 { Self.log("\(failure.reason); following the local copy and retrying — \(failure.hint)") }
        let delay = Backoff.delay(failures: venuedFailures, base: Self.venuedBackoff.base, cap: Self.venuedBackoff.cap, unit: Double.random(in: 0..<1))
        venuedRetryAt = clock.preciseNow() + delay
    }

    private func apply(_ answer: Answer) throws(CLIError) {
        let event = answer.value["event"]
        if event == .string("dish") {
            if let event = NotifyRules.dish(answer.value, followed: followed, now: clock.seconds()) { pending.append(event) }
            return
        }
        guard let fresh = VenueView.views(in: answer) else { return }
        let now = clock.seconds()
        try update(fresh, at: now)
        if event == .string("snapshot") || event == .string("data") { checkHours(at: now) }
    }

    private func followLocalCopy(at now: Int) throws(CLIError) {
        if local == nil {
            let copy = try LocalFeed.load(nil, environment: context.environment).copy
            local = Campus(feed: copy.feed, zone: try answering(try StatusReport.zone(nil)))
        }
        guard let local else { return }
        let report = try answering(try StatusReport(options: StatusOptions(), campus: local, source: .cache, now: Instant(secondsSinceEpoch: now),
                                      dataAge: DataAge()))
        try update(report.rows.map { VenueView(row: $0, zone: local.zone) }, at: now)
    }

    private func update(_ fresh: [VenueView], at now: Int) throws(CLIError) {
        for view in fresh {
            let previous = views[view.id]
            if let opening = NotifyRules.opening(from: previous, to: view, now: now) { pending.append(opening) }
            if let previous, previous.state == .open, view.state != .open, let closing = previous.changesAt?.instant,
               let id = state.countdown(venue: view.id, closing: closing) {
                sender.close(id)
            }
        }
        views = Dictionary(fresh.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        if case .named(let names) = options.venues {
            let venues = views.values.sorted { $0.id < $1.id }.map { Venue(id: $0.id, name: $0.name, days: []) }
            do {
                named = try answering(try StatusReport.select(names, from: venues))
            } catch {
                // Only the first data can refuse the setting; later data keeps the venues found.
                guard named == nil else { return }
                throw error
            }
        }
    }

    private func checkHours(at now: Int) {
        guard options.events.contains(.hours) else { return }
        let connection = DaemonConnection(flag: options.socket, environment: context.environment, uid: context.uid)
        let watched = watchedVenues()
        for view in views.values.sorted(by: { $0.id < $1.id }) where watched.contains(view.id) {
            guard case .success(let answer) = connection.exchange(HoursWatch.request(venue: view.id), timeout: 2),
                  let today = HoursWatch.today(in: answer) else { continue }
            if hours.changed(venue: view.id, to: today) {
                pending.append(NotifyRules.hoursChanged(venue: view.id, name: view.name, hours: today.text, at: now))
            }
        }
    }

    /// Computed afresh at every wake, so a reminder says the time left at the instant it is sent.
    private func sendDue(at now: Int) {
        pending.removeAll { $0.due < now - NotifyEvent.grace }
        let reminders = views.values.compactMap { NotifyRules.reminder(for: $0, before: options.before, now: now).due }
        let watched = watchedVenues()
        // A followed dish is announced wherever it is served, and never once its meal started.
        let due = (pending + reminders).filter {
            $0.isDue(at: now) && options.events.contains($0.kind)
                && ($0.kind == .dish ? $0.target > now : watched.contains($0.venue)) && state.isNew($0)
        }.sorted { ($0.due, $0.venue) < ($1.due, $1.venue) }
        // Without a server they wait, and are sent if it comes back within their grace.
        guard sender.isReady else { return }
        for event in due where state.isNew(event) && !sender.isSending(event) {
            if let count = options.count, sent + sender.inFlight.count >= count { return }
            guard sender.send(event, replacing: state.replacedID(for: event)) else { return }
        }
    }

    /// Saved before anything else: a stop signal is read only after this returns.
    private func record(_ delivered: NotificationSender.Delivered) {
        let event = delivered.event
        state.record(event, id: delivered.id)
        pending.removeAll { $0 == event }
        sent += 1
        Self.log("sent '\(event.notification.summary)' (\(event.notification.body); id \(delivered.id))")
        if let problem = file.save(state) { Self.log(problem) }
    }

    private func watchedVenues() -> Set<Int> {
        switch options.venues {
        case .all: return Set(views.values.map(\.id))
        case .kinds(let kinds): return Set(views.values.filter { kinds.contains($0.kind) }.map(\.id))
        case .named: return named ?? []
        case .favorites:
            guard let path = Favorites.path(environment: context.environment) else { return [] }
            do {
                let favorites = try Favorites.load(path)
                favoritesProblem = nil
                return Set(favorites.ids)
            } catch {
                let problem = "\(error)"
                if favoritesProblem != problem { Self.log(problem + "; no favorites are notified until it is fixed") }
                favoritesProblem = problem
                return []
            }
        }
    }

    private func nextWake(after now: Double) -> Double {
        var wake = stream == nil ? venuedRetryAt : .infinity
        let second = clock.seconds()
        if options.events.contains(.closes) {
            let watched = watchedVenues()
            for view in views.values where watched.contains(view.id) {
                if let next = NotifyRules.reminder(for: view, before: options.before, now: second).next { wake = min(wake, Double(next)) }
            }
        }
        for view in views.values where stream == nil {
            if let change = view.changesAt?.instant, change > second { wake = min(wake, Double(change)) }
        }
        return wake
    }

    static func log(_ line: String) { Venuectl.writeError("venued-notify: " + line) }

    private static func error(in answer: Answer) -> String {
        if case .string(let text)? = answer.value["error"] { text } else { "no reason given" }
    }
}
