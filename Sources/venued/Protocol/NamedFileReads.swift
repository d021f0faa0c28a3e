import Glibc
import Synchronization
import VenuedSystem

/// Reads of files that clients name, with a deadline, for work that serves more than
/// the client who named the file: a round of subscribers' pushes is one job, and one
/// subscriber's favorites file on a file system that stopped answering (NFS, sshfs,
/// FUSE: O_NONBLOCK means nothing for regular files, and the read cannot be
/// interrupted) must not hold up everyone else's lines.
///
/// Each read runs on a thread of its own and is waited for up to `deadline`; past it
/// the caller hears `.stalled` and goes on, while the thread stays in the read. A path
/// still being read is not read again (the caller hears `.stalled` at once), and at most
/// `stuckLimit` reads are outstanding, so a stalled mount costs a thread per file, not
/// a thread per push.
final class NamedFileReads: Sendable {
    enum Outcome: Sendable {
        /// No file there: for favorites, none chosen yet.
        case missing
        case read([UInt8])
        case failed(BoundedFile.Failure)
        /// No answer within the deadline, or an earlier read of the path has none yet.
        case stalled
    }

    static let deadline = 1.0
    static let stuckLimit = 8

    private let outstanding = Mutex<Set<String>>([])

    func read(_ path: String, limit: Int) -> Outcome {
        let started = outstanding.withLock { paths -> Bool in
            guard !paths.contains(path), paths.count < Self.stuckLimit else { return false }
            paths.insert(path)
            return true
        }
        guard started else { return .stalled }
        let result = Mutex<Outcome?>(nil)
        let finished = Semaphore()
        let failed = SystemThread.start(name: "named file") { [self] in
            let outcome: Outcome
            if access(path, F_OK) != 0 {
                outcome = .missing
            } else {
                do throws(BoundedFile.Failure) { outcome = .read(try BoundedFile.read(path, limit: limit)) } catch { outcome = .failed(error) }
            }
            result.withLock { $0 = outcome }
            outstanding.withLock { _ = $0.remove(path) }
            finished.signal()
        }
        if let failed {
            outstanding.withLock { _ = $0.remove(path) }
            return .failed(BoundedFile.Failure(path: path, reason: "cannot start a thread to read it: \(failed)"))
        }
        guard finished.wait(seconds: Self.deadline) else { return .stalled }
        return result.withLock { $0 } ?? .stalled
    }
}
