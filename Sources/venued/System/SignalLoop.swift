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
