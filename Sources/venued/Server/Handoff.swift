import CLinuxEvents
import Foundation
import Glibc
import Synchronization

/// Requests that must not run on the connection loop (`RequestHandler.Outcome.slow`:
/// a `refresh` waits for a fetch, `hours`, `next` and `info` take milliseconds), and
/// the way their answers come back to it. Each runs on a thread of its own: they are
/// rare, and a connection has at most one in flight, so there are never more than
/// `ConnectionServer.maxConnections`. The answer is queued here and the loop is woken
/// through an eventfd, which it watches like any socket, so an idle daemon has no
/// thread polling for finished work.
final class Handoff: Sendable {
    struct Finished: Sendable {
        /// The connection's loop token.
        let token: UInt64
        let answer: String
    }

    /// The eventfd the loop watches; readable while answers are queued.
    let fd: Int32
    private let finished = Mutex<[Finished]>([])

    /// Nil (errno set) when the kernel refuses an eventfd.
    init?() {
        fd = eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK))
        guard fd >= 0 else { return nil }
    }

    /// Runs `work` on a new thread and queues its answer for the connection `token`.
    func run(token: UInt64, _ work: @escaping @Sendable () -> String) {
        let thread = Thread { [self] in
            let answer = work()
            finished.withLock { $0.append(Finished(token: token, answer: answer)) }
            var one: UInt64 = 1
            _ = write(fd, &one, MemoryLayout<UInt64>.size)
        }
        thread.name = "handoff"
        thread.start()
    }

    /// The answers ready so far; resets the eventfd so the loop sleeps again.
    func take() -> [Finished] {
        var count: UInt64 = 0
        _ = read(fd, &count, MemoryLayout<UInt64>.size)
        return finished.withLock { queue in
            defer { queue.removeAll() }
            return queue
        }
    }
}
