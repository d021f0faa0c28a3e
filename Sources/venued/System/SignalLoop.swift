import Glibc
import VenuedSystem

/// Signals are taken synchronously: SIGHUP, SIGTERM and SIGINT are blocked in every
/// thread (before any is started, so all inherit the mask) and the main thread waits
/// for them with sigwait. No handler runs in signal context and no Dispatch source
/// is needed.
enum SignalLoop {
    static let handled = [SIGHUP, SIGTERM, SIGINT]

    /// Call first thing in main, before any thread exists.
    static func blockHandledSignals() {
        signal(SIGPIPE, SIG_IGN)
        var set = signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Runs `reload` for each SIGHUP; returns the signal that asks to stop.
    static func wait(reload: () -> Void) -> Int32 {
        var set = signalSet()
        while true {
            var received: Int32 = 0
            guard sigwait(&set, &received) == 0 else { continue }
            if received == SIGHUP { reload() } else { return received }
        }
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in handled { sigaddset(&set, number) }
        return set
    }
}

/// WATCHDOG=1 every half of WATCHDOG_USEC, when systemd asked for it (and
/// WATCHDOG_PID, if set, names this process).
enum Watchdog {
    /// Nil when the thread started or none is needed, else why it did not start.
    static func start(environment: [String: String], notifier: Notifier) -> Syscall.Errno? {
        guard let usec = environment["WATCHDOG_USEC"].flatMap(Int.init), usec > 0 else { return nil }
        if let pid = environment["WATCHDOG_PID"].flatMap(Int32.init), pid != getpid() { return nil }
        let interval = Double(usec) / 2_000_000
        return SystemThread.start(name: "watchdog") {
            while true {
                notifier.send(["WATCHDOG=1"])
                SystemThread.sleep(seconds: interval)
            }
        }
    }
}
