import CLinuxEvents
import DiningHours
import Glibc
import Synchronization
import VenuedProtocol
import VenuedSystem

/// Work that must not run on the loop: `compute` for what clients ask, taken in turn between processes; `own` for
/// venued's own work, on one thread so that its jobs run in order. Results wait in the outbox, and an eventfd wakes
/// the loop. The two locks of venued are the outbox's and the lanes'.
final class Handoff: Sendable {
    enum Finished: Sendable {
        case answer(token: UInt64, String)
        case parsed(token: UInt64, Request, at: Instant)
        case subscribed(token: UInt64, Subscription, Result<PushLine, ProtocolError>)
        case pushes(SubscriberHub.Round, [SubscriberHub.Computed])
        case promptFilesWritten([(name: String, failure: String?)])
        case promptFilesRemoved
        case adopted(Adoption.Result)
        case menusAdopted(MenuAdoption.Result)
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
