import CLinuxEvents
import Glibc

/// Signals arrive as readings of a descriptor in the loop's epoll set (signalfd):
/// SIGHUP, SIGTERM and SIGINT are blocked in every thread (before any is started, so
/// all inherit the mask), and the loop reads them between requests. No handler runs in
/// signal context, and no thread waits for them apart from the loop.
enum SignalLoop {
    static let handled = [SIGHUP, SIGTERM, SIGINT]

    /// Call first thing in main, before any thread exists.
    static func blockHandledSignals() {
        signal(SIGPIPE, SIG_IGN)
        var set = sigset_t()
        sigemptyset(&set)
        for number in handled { sigaddset(&set, number) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// The descriptor the loop watches; nil (errno set) when the kernel refuses one.
    static func descriptor() -> Int32? {
        let fd = handled.withUnsafeBufferPointer { venued_signal_descriptor($0.baseAddress, Int32($0.count)) }
        return fd >= 0 ? fd : nil
    }

    /// The signals waiting on `fd`, in order.
    static func take(_ fd: Int32) -> [Int32] {
        var taken: [Int32] = []
        // A few are all a burst leaves: the kernel keeps one of each number pending.
        for _ in 0..<16 {
            let number = venued_signal_read(fd)
            guard number > 0 else { break }
            taken.append(number)
        }
        return taken
    }
}
