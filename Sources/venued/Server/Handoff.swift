import CLinuxEvents
import Foundation
import Glibc
import Synchronization

/// Requests that must not run on the connection loop, and the way their answers come
/// back to it. Slow ones (`RequestHandler.Outcome.slow`: a `refresh` waits for a fetch,
/// `hours`, `next` and `info` take milliseconds) each run on a thread of their own: they
/// are rare, and a connection has at most one in flight, so there are never more than
/// `ConnectionServer.maxConnections`. Requests that read files a client names
/// (`Outcome.readsFiles`: the prompt's forwarded status, `--favorites`) are quick but
/// must not run where a slow disk could stall every client, and are common, so they
/// share one long-lived reader thread instead of paying for a thread each. The answer
/// is queued here and the loop is woken through an eventfd, which it watches like any
/// socket, so an idle daemon has no thread polling for finished work.
final class Handoff: Sendable {
    struct Finished: Sendable {
        /// The connection's loop token.
        let token: UInt64
        let answer: String
    }

    /// The eventfd the loop watches; readable while answers are queued.
    let fd: Int32
    private let finished = Mutex<[Finished]>([])
    /// Work for the reader thread, oldest first; `readerWakeup` counts it.
    private let readerQueue = Mutex<[(token: UInt64, work: @Sendable () -> String)]>([])
    private let readerWakeup = DispatchSemaphore(value: 0)

    /// Nil (errno set) when the kernel refuses an eventfd.
    init?() {
        fd = eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK))
        guard fd >= 0 else { return nil }
        let reader = Thread { [self] in
            while true {
                readerWakeup.wait()
                guard let job = readerQueue.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { continue }
                deliver(token: job.token, job.work())
            }
        }
        reader.name = "reader"
        reader.start()
    }

    /// Runs `work` on the reader thread, after the work queued before it.
    func runOnReader(token: UInt64, _ work: @escaping @Sendable () -> String) {
        readerQueue.withLock { $0.append((token, work)) }
        readerWakeup.signal()
    }

    /// Runs `work` on a new thread and queues its answer for the connection `token`.
    func run(token: UInt64, _ work: @escaping @Sendable () -> String) {
        let thread = Thread { [self] in deliver(token: token, work()) }
        thread.name = "handoff"
        thread.start()
    }

    private func deliver(token: UInt64, _ answer: String) {
        finished.withLock { $0.append(Finished(token: token, answer: answer)) }
        var one: UInt64 = 1
        _ = write(fd, &one, MemoryLayout<UInt64>.size)
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
