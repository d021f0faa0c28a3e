import Glibc
import Synchronization
import VenuedSystem

/// systemd's watchdog, pinged only while the connection loop turns: a loop wedged in a
/// call (a log write to a journal that stopped reading, a bug) is what the watchdog is
/// there to restart, and a thread that pinged on its own would hide it.
///
/// The loop counts its turns (`turned`, one relaxed atomic add a turn). Every half of
/// `WATCHDOG_USEC` this thread compares the count with the one it saw last, sends
/// `WATCHDOG=1` only if it moved, and rings `doorbell`, which the loop watches beside
/// its sockets: an idle loop asleep in epoll_wait without a timeout turns once for it,
/// so an idle venued wakes no more often than the watchdog needs. A wedged loop misses
/// the ring, the count stands still, the pings stop, and systemd restarts venued one
/// watchdog period later.
final class Watchdog: Sendable {
    /// Rung every `interval`; the loop drains it (any turn counts).
    let doorbell: Doorbell
    private let turns = Atomic<Int>(0)
    private let interval: Double
    private let notifier: Notifier
    private let log: Log

    /// Nil when systemd asked for no watchdog (no `WATCHDOG_USEC`, or a `WATCHDOG_PID`
    /// naming another process), or when the kernel refuses an eventfd.
    init?(environment: [String: String], notifier: Notifier, log: Log) {
        guard let usec = environment["WATCHDOG_USEC"].flatMap(Int.init), usec > 0 else { return nil }
        if let pid = environment["WATCHDOG_PID"].flatMap(Int32.init), pid != getpid() { return nil }
        guard let doorbell = Doorbell() else { return nil }
        self.doorbell = doorbell
        interval = Double(usec) / 2_000_000
        self.notifier = notifier
        self.log = log
    }

    /// The loop calls it on every turn.
    func turned() { turns.wrappingAdd(1, ordering: .relaxed) }

    /// Nil when the thread started, else why it did not.
    func start() -> Syscall.Errno? {
        SystemThread.start(name: "watchdog") { [self] in run() }
    }

    private func run() -> Never {
        var seen = turns.load(ordering: .relaxed)
        var stalled = false
        doorbell.ring()
        while true {
            SystemThread.sleep(seconds: interval)
            let now = turns.load(ordering: .relaxed)
            if now != seen {
                // The log says so before the ping goes: whoever sees the pings resume
                // (systemd, a test) finds the reason already in the log.
                if stalled { log.warning("the connection loop turns again: WATCHDOG=1 resumed") }
                notifier.send(["WATCHDOG=1"])
                stalled = false
            } else if !stalled {
                stalled = true
                log.error("the connection loop has not turned for \(interval) s: no WATCHDOG=1 until it does")
            }
            seen = now
            doorbell.ring()
        }
    }
}
