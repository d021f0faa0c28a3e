import Glibc
import Synchronization
import VenuedSystem

/// The thread that runs the source chain: when the store's `nextRefresh` comes, and when
/// a client asks (`refresh`). Its one wait is a wall-clock deadline (`WallTimer`) that
/// the kernel ends at the instant itself, after a suspend or a step of the clock too, so
/// a laptop that slept past its refresh fetches as soon as it wakes (and backs off from
/// there while the network is still coming up), and a clock set backwards cannot push a
/// refresh an hour out. No periodic wake-up: nothing else can make a refresh due.
final class RefreshLoop: Sendable {
    private let refresher: FeedRefresher
    private let store: FeedStore
    private let clock: WallClock
    private let doorbell: Doorbell
    private let timer: WallTimer
    /// Clients waiting for the report of a chain that starts after they asked.
    private let waiting = Mutex<[@Sendable (RefreshReport) -> Void]>([])

    init?(refresher: FeedRefresher, store: FeedStore, clock: WallClock) {
        guard let doorbell = Doorbell(), let timer = WallTimer(offset: clock.offset) else { return nil }
        self.timer = timer
        self.refresher = refresher
        self.store = store
        self.clock = clock
        self.doorbell = doorbell
    }

    /// Nil when the thread started, else why not.
    func start() -> Syscall.Errno? {
        SystemThread.start(name: "refresh") { [self] in run() }
    }


    /// Runs the chain soon and calls `done` with its report, on this loop's thread.
    /// However many ask at once, one chain serves them all, and each waits for at most
    /// the chain under way and one more.
    func refreshNow(_ done: @escaping @Sendable (RefreshReport) -> Void) {
        waiting.withLock { $0.append(done) }
        doorbell.ring()
    }

    private func run() -> Never {
        while true {
            let asked = waiting.withLock { waiting in
                defer { waiting.removeAll() }
                return waiting
            }
            let next = store.health.nextRefresh
            if !asked.isEmpty || next.map({ $0 <= clock.now() }) ?? true {
                let report = refresher.refresh()
                for done in asked { done(report) }
                continue
            }
            let deadline = next.map { Double($0.secondsSinceEpoch) } ?? .infinity
            let bell = pollfd(fd: doorbell.fd, events: Int16(POLLIN), revents: 0)
            if case .other = timer.wait(until: deadline, watching: bell) { doorbell.drain() }
        }
    }
}
