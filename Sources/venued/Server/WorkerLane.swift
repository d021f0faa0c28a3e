import CLinuxEvents
import Synchronization
import VenuedSystem

/// A queue of jobs and the threads that run them, started on demand up to a limit. A free thread takes the oldest
/// job of the process with the fewest jobs running, so a process that floods costly questions queues behind itself.
final class WorkerLane: Sendable {
    struct Job: Sendable {
        let token: UInt64?
        let owner: Int32?
        let work: @Sendable () -> Handoff.Finished
    }

    private struct State {
        var queue: [Job] = []
        var threads = 0
        var idle = 0
        var running: [Int32: Int] = [:]
    }

    private let name: String
    private let threadLimit: Int
    private let queueLimit: Int
    private let nice: Int32?
    private let state = Mutex<State>(State())
    private let available = Semaphore()
    private let deliver: @Sendable (Handoff.Finished) -> Void

    init(name: String, threads: Int, queueLimit: Int, nice: Int32? = nil, deliver: @escaping @Sendable (Handoff.Finished) -> Void) {
        self.name = name
        self.nice = nice
        threadLimit = threads
        self.queueLimit = queueLimit
        self.deliver = deliver
    }

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

    func cancel(token: UInt64) { state.withLock { $0.queue.removeAll { $0.token == token } } }

    private func work() -> Never {
        if let nice { _ = venued_lower_this_thread(nice) }
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
            deliver(job.work())
            if let owner = job.owner {
                state.withLock { state in
                    state.running[owner, default: 1] -= 1
                    if state.running[owner] == 0 { state.running[owner] = nil }
                }
            }
        }
    }
}
