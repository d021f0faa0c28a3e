import Synchronization
import VenuedProtocol

/// Work that must not run on the connection loop, and the way its results come back.
///
/// The loop answers `status` from memory and does nothing else that can wait. Requests
/// that compute for milliseconds (`hours`, `next`, `info`) run in the `compute` lane;
/// everything that may read a file a client names (a favorites file, venuectl.conf, a
/// zone file not read yet), the subscribers' pushes included, runs in the `files` lane,
/// which grows a thread when all of its threads are stuck (`WorkerLane`). Results are
/// queued and the loop is woken through a `Doorbell` it watches like any socket.
///
/// Bounded by construction: a connection has at most one job queued (it is not read
/// while its answer is computed), the subscribers' pushes are one job at a time, so are
/// the prompt files' writes, and
/// each lane refuses work past `queueLimit`. A job whose client hung up before it ran
/// is skipped (`Ticket`), so a client cannot queue work by connecting and leaving.
final class Handoff: Sendable {
    /// What a job produced, for the loop to act on.
    enum Finished: Sendable {
        /// The answer line for the connection `token`.
        case answer(token: UInt64, String)
        /// A new subscriber's first line, or why it cannot be followed.
        case subscribed(token: UInt64, Subscription, Result<PushLine, ProtocolError>)
        /// Fresh lines for subscribers (`SubscriberHub.Round`).
        case pushes(SubscriberHub.Round, [SubscriberHub.Computed])
        /// A batch of prompt files is written (`PromptFiles`): the next may start.
        case promptFilesWritten
    }

    /// Set by the loop when the job's connection is gone; the job is then skipped.
    final class Ticket: Sendable {
        private let cancelled = Atomic<Bool>(false)
        func cancel() { cancelled.store(true, ordering: .relaxed) }
        var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
    }

    enum Lane: Sendable {
        /// Milliseconds of computation on the held data.
        case compute
        /// Anything that may wait on a file system.
        case files
    }

    /// Far above what the bounds above allow in practice (64 connections, one round of
    /// pushes): reaching it means something is wrong, and the client is told `busy`.
    static let queueLimit = 256
    /// Threads a lane may have: two keep both cores busy computing; eight stuck reads
    /// are eight clients' problem, and the ninth waits its turn.
    static let computeThreads = 2
    static let fileThreads = 8

    private let outbox: Outbox
    private let compute: WorkerLane
    private let files: WorkerLane
    /// The descriptor the loop watches; readable while results are queued.
    var fd: Int32 { outbox.doorbell.fd }

    /// Nil (errno set) when the kernel refuses an eventfd.
    init?() {
        guard let doorbell = Doorbell() else { return nil }
        let outbox = Outbox(doorbell: doorbell)
        self.outbox = outbox
        compute = WorkerLane(name: "compute", threads: Self.computeThreads, queueLimit: Self.queueLimit, deliver: outbox.deliver)
        files = WorkerLane(name: "files", threads: Self.fileThreads, queueLimit: Self.queueLimit, deliver: outbox.deliver)
    }

    /// Queues `work` in `lane` for the client process `owner` (nil: the daemon's own
    /// work), which the lane uses to take turns between processes; false (nothing
    /// queued) when that lane is full.
    func run(_ lane: Lane, _ ticket: Ticket?, owner: Int32? = nil, _ work: @escaping @Sendable () -> Finished) -> Bool {
        (lane == .compute ? compute : files).run((ticket, owner, work))
    }

    /// A result computed elsewhere (the refresh loop's report).
    func deliver(_ result: Finished) { outbox.deliver(result) }

    /// What the loop takes: results, and the news that makes it recompute subscribers.
    struct Take {
        var results: [Finished] = []
        /// The held venues changed.
        var dataChanged = false
        /// A refresh ended: the data's age may read differently.
        var refreshEnded = false
        /// SIGHUP loaded the config again: its prompt lines may have changed.
        var configReloaded = false
    }

    /// The held data changed: the loop recomputes every subscriber.
    func dataChanged() { outbox.note(\.dataChanged) }

    /// A refresh ended: the loop recomputes every subscriber, sending what changed.
    func refreshEnded() { outbox.note(\.refreshEnded) }

    /// The config was reloaded: the loop follows the prompt files it names now.
    func configReloaded() { outbox.note(\.configReloaded) }

    /// The results ready so far and whether the data changed; resets the doorbell.
    func take() -> Take { outbox.take() }

    /// Where results wait for the loop.
    private final class Outbox: Sendable {
        let doorbell: Doorbell
        private let finished = Mutex(Take())

        init(doorbell: Doorbell) { self.doorbell = doorbell }

        func deliver(_ result: Finished) {
            finished.withLock { $0.results.append(result) }
            doorbell.ring()
        }

        func note(_ news: WritableKeyPath<Take, Bool> & Sendable) {
            finished.withLock { $0[keyPath: news] = true }
            doorbell.ring()
        }

        func take() -> Take {
            doorbell.drain()
            return finished.withLock { state in
                defer { state = Take() }
                return state
            }
        }
    }
}
