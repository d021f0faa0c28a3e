import CLinuxEvents
import Glibc

/// SIGTERM and SIGINT as readings of a descriptor in the follower's poll set
/// (signalfd), never as their default action: a `systemctl --user restart`, a logout or
/// a Ctrl-C then ends the follower between two steps of its loop, after the record of
/// every notification shown is saved, not between a Notify and the save of its record
/// (which would send it again after the restart).
enum StopSignals {
    static let handled = [SIGTERM, SIGINT]

    /// Blocks them; call first thing, before anything is started (children get the
    /// default mask back: `BrowserOpener` resets it).
    static func block() {
        var set = sigset_t()
        sigemptyset(&set)
        for number in handled { sigaddset(&set, number) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// The descriptor to poll; nil (errno set) when the kernel refuses one.
    static func descriptor() -> Int32? {
        let fd = handled.withUnsafeBufferPointer { venued_signal_descriptor($0.baseAddress, Int32($0.count)) }
        return fd >= 0 ? fd : nil
    }

    /// Whether a stop signal was waiting on `fd` (all of them are read).
    static func taken(_ fd: Int32) -> Bool {
        var any = false
        // The kernel keeps one of each number pending: a few reads empty it.
        for _ in 0..<8 {
            guard venued_signal_read(fd) > 0 else { break }
            any = true
        }
        return any
    }
}
