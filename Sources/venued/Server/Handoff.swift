import CLinuxEvents
import Glibc
import Synchronization
import VenuedProtocol
import VenuedSystem

/// Work that must not run on the loop, and the way its results come back.
///
/// The loop answers `status` from memory and does nothing else that can wait. Two lanes
/// run the rest, each given a copy of the held data (`Prepared`) and handing back a value:
/// - `compute`: what clients ask that takes milliseconds (`hours`, `next`, `info`, a
///   costly `status`, a new subscriber's first line). Two threads keep both cores busy,
///   at nice 10 so the loop goes first on a busy CPU, taken in turn between processes.
/// - `own`: venued's own work, which no client can queue: the rounds of pushes, the
///   prompt files' writes, decoding a fetched feed and writing the cache. One thread, so
///   its jobs run in the order queued (the prompt files are written in the order their
///   texts were made, and the last job at stop runs after every write).
///
/// Results are queued in the outbox and the loop is woken through an eventfd it watches
/// like any socket. Bounded by construction: a connection has at most one job queued
/// (it is not read while its answer is computed), the loop keeps one round, one batch of
/// prompt files and one adoption in flight at a time, and the compute lane refuses work
/// past `queueLimit`. A job whose client hung up before it ran is taken off the queue.
///
/// The two locks of venued are here: the outbox's and each lane's queue (one type).
final class Handoff: Sendable {
    /// What a job produced, for the loop to act on.
    enum Finished: Sendable {
        /// The answer line for the connection `token`.
        case answer(token: UInt64, String)
        /// A new subscriber's first line, or why it cannot be followed.
        case subscribed(token: UInt64, Subscription, Result<PushLine, ProtocolError>)
        /// Fresh lines for subscribers (`SubscriberHub.Round`).
        case pushes(SubscriberHub.Round, [SubscriberHub.Computed])
        /// A batch of prompt files is written (`PromptFiles`): each file's failure, if any.
        case promptFilesWritten([(name: String, failure: String?)])
        /// The prompt files are removed: the last job at stop.
        case promptFilesRemoved
        /// A fetched answer judged, and written to the cache if adopted (`Adoption`).
        case adopted(Adoption.Result)
        /// A date's menus judged, and written to disk if adopted (`MenuAdoption`).
        case menusAdopted(MenuAdoption.Result)
        /// The menus state is written: why not, when it failed.
        case menusSaved(String?)
    }

    /// Far above what the bounds above allow in practice (64 connections): reaching it
    /// means something is wrong, and the client is told `busy`.
    static let queueLimit = 256
    static let computeThreads = 2
    /// The compute lane runs below the loop (nice 10 within the process): what a client
    /// asks it to compute never delays the loop's answers to the others on a busy CPU.
    static let computeNice: Int32 = 10

    private let outbox: Outbox
    private let compute: WorkerLane
    private let own: WorkerLane
    /// The descriptor the loop watches; readable while results are queued.
    var fd: Int32 { outbox.fd }

    /// Nil (errno set) when the kernel refuses an eventfd.
    init?() {
        guard let outbox = Outbox() else { return nil }
        self.outbox = outbox
        compute = WorkerLane(name: "compute", threads: Self.computeThreads, queueLimit: Self.queueLimit,
                             nice: Self.computeNice, deliver: outbox.deliver)
        own = WorkerLane(name: "own", threads: 1, queueLimit: .max, deliver: outbox.deliver)
    }

    /// Queues `work` for the connection `token` of the client process `owner`; false
    /// (nothing queued) when the compute lane is full.
    func compute(token: UInt64, owner: Int32, _ work: @escaping @Sendable () -> Finished) -> Bool {
        compute.run(WorkerLane.Job(token: token, owner: owner, work: work))
    }

    /// Queues venued's own `work`; never refused (the loop keeps one of each kind in flight).
    func own(_ work: @escaping @Sendable () -> Finished) {
        _ = own.run(WorkerLane.Job(token: nil, owner: nil, work: work))
    }

    /// The client of `token` hung up: its job is dropped if it has not started.
    func cancel(token: UInt64) { compute.cancel(token: token) }

    /// The results ready so far; resets the eventfd.
    func take() -> [Finished] { outbox.take() }

    /// Where results wait for the loop.
    private final class Outbox: Sendable {
        let fd: Int32
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
