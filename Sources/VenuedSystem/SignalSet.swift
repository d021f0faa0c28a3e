import CLinuxEvents
import Glibc

/// Signals read from a polled signalfd, never a handler, and blocked before any thread starts (all inherit the mask):
/// a stop never falls between two steps of the loop.
package struct SignalSet: Sendable {
    package let numbers: [Int32]
    package init(_ numbers: [Int32]) { self.numbers = numbers }

    package func block() {
        var set = sigset_t()
        sigemptyset(&set)
        for number in numbers { sigaddset(&set, number) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    package func descriptor() -> Int32? {
        let fd = numbers.withUnsafeBufferPointer { venued_signal_descriptor($0.baseAddress, Int32($0.count)) }
        return fd >= 0 ? fd : nil
    }

    /// A few reads drain any burst: the kernel keeps one of each number pending.
    package static func take(_ fd: Int32) -> [Int32] {
        var taken: [Int32] = []
        for _ in 0..<16 {
            let number = venued_signal_read(fd)
            guard number > 0 else { break }
            taken.append(number)
        }
        return taken
    }
}
