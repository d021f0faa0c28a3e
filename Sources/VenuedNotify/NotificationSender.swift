import Glibc
import VenuectlApp
import VenuedSystem

/// The follower's side of the session bus: the Notify calls in flight and the server's signals (a click opens a page).
final class NotificationSender {
    static let capMinutes = 10
    static let backoff = (base: 5.0, cap: Double(capMinutes * 60))
    static let pagesKept = 64

    struct Delivered { let event: NotifyEvent, id: UInt32 }

    private let environment: [String: String]
    private let clock: WallClock
    private let log: (String) -> Void
    private var server: DesktopNotifications?
    private var failures = 0
    private var retryAt = 0.0
    private var saidGone = false
    private(set) var inFlight: [UInt64: NotifyEvent] = [:]
    private var pages: [(id: UInt32, page: String)] = []
    private var tokens: [UInt32: String] = [:]

    init(environment: [String: String], clock: WallClock, log: @escaping (String) -> Void) {
        self.environment = environment
        self.clock = clock
        self.log = log
    }

    var isReady: Bool { server?.capabilities != nil }
    var descriptor: pollfd? { server?.bus.descriptor }
    func wake(now: Double) -> Double { server.map { $0.bus.deadline(now: now) } ?? retryAt }

    func connectIfDue(now: Double) {
        guard server == nil, now >= retryAt else { return }
        switch DesktopNotifications.connect(environment: environment) {
        case .success(let connected): server = connected
        case .failure(let failure): failed(failure)
        }
    }

    func isSending(_ event: NotifyEvent) -> Bool {
        inFlight.values.contains { $0.venue == event.venue && $0.kind == event.kind }
    }

    func send(_ event: NotifyEvent, replacing id: UInt32) -> Bool {
        guard let server else { return false }
        do { inFlight[try server.notify(event.notification, replacing: id).get()] = event } catch {
            failed(error)
            return false
        }
        return true
    }

    func close(_ id: UInt32) {
        guard let server else { return }
        if let failure = server.close(id) { failed(failure) } else { forget(id) }
    }

    /// A failure is handled after the rest of what was read, so an answer that came with it still counts.
    func process() -> [Delivered] {
        guard let server else { return [] }
        var delivered: [Delivered] = []
        var failure: BusFailure?
        for happening in server.read() {
            switch happening {
            case .ready:
                failures = 0
                saidGone = false
            case .shown(let call, let id):
                guard let event = inFlight.removeValue(forKey: call) else { continue }
                if let page = event.notification.page { remember(id, page) }
                delivered.append(Delivered(event: event, id: id))
            case .failed(_, let reason):
                // A refused or unanswered call is the server's trouble: start again after the backoff.
                failure = failure ?? reason
            case .signal(let signal): act(on: signal)
            }
        }
        if let failure { failed(failure) }
        return delivered
    }

    /// The calls in flight are dropped with the connection: unrecorded, they are sent again if still due.
    private func failed(_ failure: BusFailure) {
        server = nil
        inFlight = [:]
        failures += 1
        if !saidGone {
            saidGone = true
            let what = failure.isNoServer ? "no notification server answers on the session bus (\(failure))" : "\(failure)"
            log("\(what); notifications wait for it, retrying up to every \(Self.capMinutes) min")
        }
        let delay = Backoff.delay(failures: failures, base: Self.backoff.base, cap: Self.backoff.cap, unit: Double.random(in: 0..<1))
        retryAt = clock.preciseNow() + delay
    }

    private func act(on signal: DesktopNotifications.Signal) {
        switch signal {
        case .activationToken(let id, let token) where pages.contains(where: { $0.id == id }):
            // Kept only for notifications of ours, so the table stays as small as `pages`.
            tokens[id] = token
        case .activationToken: return
        case .actionInvoked(let id, let action) where DesktopNotification.actionKeys.contains(action):
            guard let page = pages.last(where: { $0.id == id })?.page else { return }
            var environment = environment
            if let token = tokens[id] {
                environment["XDG_ACTIVATION_TOKEN"] = token
                environment["DESKTOP_STARTUP_ID"] = token
            }
            if case .noOpener = BrowserOpener(environment: environment).start(page) {
                log("nothing to open \(page) with (no $BROWSER, no xdg-open on PATH)")
            }
        case .actionInvoked: return
        case .closed(let id, _): forget(id)
        }
    }

    private func remember(_ id: UInt32, _ page: String) {
        pages.removeAll { $0.id == id }
        pages.append((id, page))
        if pages.count > Self.pagesKept { forget(pages[0].id) }
    }

    private func forget(_ id: UInt32) {
        pages.removeAll { $0.id == id }
        tokens[id] = nil
    }
}
