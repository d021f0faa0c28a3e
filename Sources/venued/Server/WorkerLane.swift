import Synchronization
import VenuedSystem

/// A queue of jobs and the threads that run them, grown on demand up to a limit.
///
/// A thread blocked in a read of a stalled file system (NFS, FUSE: O_NONBLOCK means
/// nothing for regular files) cannot be interrupted, so work that reads files runs in a
/// lane of its own that starts another thread when every one it has is busy: a stalled
/// file costs the clients who named it, and the threads stuck on it, not everyone.
///
/// A free thread takes the oldest job of the process with the fewest jobs running, not
/// the oldest job: a process that floods costly questions queues behind itself, and
/// another process's job runs next.
final class WorkerLane: Sendable {
    /// `owner` is the client's process (nil for the daemon's own work, never refused for it).
    typealias Job = (ticket: Handoff.Ticket?, owner: Int32?, work: @Sendable () -> Handoff.Finished)

    private struct State {
        var queue: [Job] = []
        var threads = 0
        var idle = 0
        /// Jobs running, by process.
        var running: [Int32: Int] = [:]
    }

    private let name: String
    private let threadLimit: Int
    private let queueLimit: Int
    private let state = Mutex(State())
    private let available = Semaphore()
    private let deliver: @Sendable (Handoff.Finished) -> Void

    init(name: String, threads: Int, queueLimit: Int, deliver: @escaping @Sendable (Handoff.Finished) -> Void) {
        self.name = name
        threadLimit = threads
        self.queueLimit = queueLimit
        self.deliver = deliver
    }

    /// Queues `job`; false (nothing queued) when the queue is full.
    func run(_ job: Job) -> Bool {
        let (queued, grow) = state.withLock { state -> (Bool, Bool) in
            guard state.queue.count < queueLimit else { return (false, false) }
            state.queue.append(job)
            let grow = state.idle < state.queue.count && state.threads < threadLimit
            if grow { state.threads += 1 }
            return (true, grow)
        }
        // Without the new thread the job still waits for one of the others.
        if grow, SystemThread.start(name: name, { [self] in work() }) != nil {
            state.withLock { $0.threads -= 1 }
        }
        if queued { available.signal() }
        return queued
    }

    private func work() -> Never {
        while true {
            state.withLock { $0.idle += 1 }
            available.wait()
            let job = state.withLock { state -> Job? in
                state.idle -= 1
                let running = state.running
                // The queue is in arrival order, so the first of the least busy is the oldest.
                guard let index = state.queue.indices.min(by: {
                    running[state.queue[$0].owner ?? -1, default: 0] < running[state.queue[$1].owner ?? -1, default: 0]
                }) else { return nil }
                let job = state.queue.remove(at: index)
                if let owner = job.owner { state.running[owner, default: 0] += 1 }
                return job
            }
            guard let job else { continue }
            if job.ticket?.isCancelled != true { deliver(job.work()) }
            if let owner = job.owner {
                state.withLock { state in
                    state.running[owner, default: 1] -= 1
                    if state.running[owner] == 0 { state.running[owner] = nil }
                }
            }
        }
    }
}
