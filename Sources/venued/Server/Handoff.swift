import CLinuxEvents
import DiningHours
import Glibc
import Synchronization
import VenuedProtocol
import VenuedSystem

/// Work that must not run on the loop. Two lanes, each given a copy of the data and handing back a value: `compute`
/// for what clients ask, taken in turn between processes; `own` for venued's own work, on one thread so that its
/// jobs run in order (the last job at stop runs after every prompt-file write). Results wait in the outbox, and an
/// eventfd wakes the loop. Bounded: a connection has at most one job queued, the loop keeps one of each kind of its
/// own in flight, and `compute` refuses past `queueLimit`. The two locks of venued are the outbox's and the lanes'.
final class Handoff: Sendable {
    enum Finished: Sendable {
        case answer(token: UInt64, String)
        /// A long line parsed on the lane, for the loop to act on.
        case parsed(token: UInt64, Request, at: Instant)
        case subscribed(token: UInt64, Subscription, Result<PushLine, ProtocolError>)
        case pushes(SubscriberHub.Round, [SubscriberHub.Computed])
        case promptFilesWritten([(name: String, failure: String?)])
        /// The last job at stop.
        case promptFilesRemoved
        case adopted(Adoption.Result)
        case menusAdopted(MenuAdoption.Result)
        /// Why the menus state could not be written.
        case menusSaved(String?)
    }

    /// Far above what the bounds allow in practice: reaching it means something is wrong.
    static let queueLimit = 256
    static let computeThreads = 2
    /// Below the loop, so that what a client asks to compute never delays the loop's answers on a busy CPU.
    static let computeNice: Int32 = 10

    private let outbox: Outbox
    private let compute: WorkerLane
    private let own: WorkerLane
    /// Readable while results are queued.
    var fd: Int32 { outbox.fd }

    /// Nil (errno set) when the kernel refuses an eventfd.
    init?() {
        guard let outbox = Outbox() else { return nil }
        self.outbox = outbox
        compute = WorkerLane(name: "compute", threads: Self.computeThreads, queueLimit: Self.queueLimit,
                             nice: Self.computeNice, deliver: outbox.deliver)
        own = WorkerLane(name: "own", threads: 1, queueLimit: .max, deliver: outbox.deliver)
    }

    /// False when the compute lane is full.
    func compute(token: UInt64, owner: Int32, _ work: @escaping @Sendable () -> Finished) -> Bool {
        compute.run(WorkerLane.Job(token: token, owner: owner, work: work))
    }

    /// Queues venued's own `work`; never refused (the loop keeps one of each kind in flight).
    func own(_ work: @escaping @Sendable () -> Finished) {
        _ = own.run(WorkerLane.Job(token: nil, owner: nil, work: work))
    }

    /// Drops the job if it has not started.
    func cancel(token: UInt64) { compute.cancel(token: token) }

    /// The results ready so far; resets the eventfd.
    func take() -> [Finished] { outbox.take() }

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
