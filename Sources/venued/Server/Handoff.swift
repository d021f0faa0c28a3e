import CLinuxEvents
import DiningHours
import Glibc
import Synchronization
import VenuedProtocol
import VenuedSystem

/// Work off the loop, given a copy of the data and handing back a value. `compute` serves clients in turn between
/// processes and refuses past `queueLimit`; `own` runs venued's pushes and prompt files in order, and no client can
/// queue there, so a client's stalled file never delays them. Its two locks are venued's only ones.
final class Handoff: Sendable {
    enum Finished: Sendable {
        case answer(token: UInt64, String)
        case parsed(token: UInt64, Request, at: Instant)
        case subscribed(token: UInt64, Subscription, Result<PushLine, ProtocolError>)
        case pushes(SubscriberHub.Round, [SubscriberHub.Computed])
        case promptFilesWritten([(name: String, failure: String?)]), promptFilesRemoved
        case adopted(Adoption.Result), menusAdopted(MenuAdoption.Result), menusSaved(String?)
    }

    static let queueLimit = 256, computeThreads = 2
    /// Below the loop, so that what a client asks to compute never delays the loop's answers on a busy CPU.
    static let computeNice: Int32 = 10

    private let outbox: Outbox, compute: WorkerLane, own: WorkerLane
    var fd: Int32 { outbox.fd }

    init?() {
        guard let outbox = Outbox() else { return nil }
        self.outbox = outbox
        compute = WorkerLane(name: "compute", threads: Self.computeThreads, queueLimit: Self.queueLimit,
                             nice: Self.computeNice, deliver: outbox.deliver)
        own = WorkerLane(name: "own", threads: 1, queueLimit: .max, deliver: outbox.deliver)
    }

    func compute(token: UInt64, owner: Int32, _ work: @escaping @Sendable () -> Finished) -> Bool {
        compute.run(WorkerLane.Job(token: token, owner: owner, work: work))
    }

    /// Queues venued's own `work`; never refused (the loop keeps one of each kind in flight).
    func own(_ work: @escaping @Sendable () -> Finished) {
        _ = own.run(WorkerLane.Job(token: nil, owner: nil, work: work))
    }

    func cancel(token: UInt64) { compute.cancel(token: token) }
    func take() -> [Finished] { outbox.take() }

    private final class Outbox: Sendable {
        let fd: Int32
        /// Lock 1 of 2: lane threads append results, the loop takes them when the eventfd wakes it.
        private let finished = Mutex<[Finished]>([])

        init?() {
            fd = eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK))
            guard fd >= 0 else { return nil }
        }

        deinit { close(fd) }

        func deliver(_ result: Finished) {
            finished.withLock { $0.append(result) }
            var one: UInt64 = 1
            _ = Syscall.io { write(fd, &one, MemoryLayout<UInt64>.size) }
        }

        func take() -> [Finished] {
            var count: UInt64 = 0
            _ = Syscall.io { read(fd, &count, MemoryLayout<UInt64>.size) }
            return finished.withLock { results in
                defer { results = [] }
                return results
            }
        }
    }
}

/// A free thread takes the oldest job of the process with the fewest running: a flooding process queues behind itself.
final class WorkerLane: Sendable {
    struct Job: Sendable {
        let token: UInt64?, owner: Int32?, work: @Sendable () -> Handoff.Finished
    }

    private struct State { var queue: [Job] = [], threads = 0, idle = 0, running: [Int32: Int] = [:] }

    private let name: String, threads: Int, queueLimit: Int, nice: Int32?
    /// Lock 2 of 2: the loop queues and cancels jobs while the lane's threads take them.
    private let state = Mutex<State>(State())
    private let available = Semaphore()
    private let deliver: @Sendable (Handoff.Finished) -> Void

    init(name: String, threads: Int, queueLimit: Int, nice: Int32? = nil, deliver: @escaping @Sendable (Handoff.Finished) -> Void) {
        (self.name, self.threads, self.queueLimit, self.nice, self.deliver) = (name, threads, queueLimit, nice, deliver)
    }

    func run(_ job: Job) -> Bool {
        let (queued, grow) = state.withLock { state -> (Bool, Bool) in
            guard state.queue.count < queueLimit else { return (false, false) }
            state.queue.append(job)
            let grow = state.idle < state.queue.count && state.threads < threads
            if grow { state.threads += 1 }
            return (true, grow)
        }
        // Without the new thread the job still waits for one of the others.
        if grow, SystemThread.start(name: name, { [self] in work() }) != nil { state.withLock { $0.threads -= 1 } }
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
