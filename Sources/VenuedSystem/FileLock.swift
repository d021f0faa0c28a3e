import Glibc

/// An exclusive `flock` on a lock file, held until the value is dropped (the descriptor
/// closes, which releases the lock, also when the process dies: a killed holder never
/// leaves a stale lock behind, as a lock *file's existence* would).
///
/// The lock file is opened with O_NOFOLLOW|O_NONBLOCK and must be a regular file, created
/// 0600 when missing: a planted symlink or FIFO in its place is refused, never followed
/// or waited on. It is never removed, because removing a lock file lets two processes
/// hold "the" lock at once (one on the old inode, one on a new one).
///
/// `flock` itself cannot wait with a deadline, so `acquire` tries without blocking and
/// sleeps briefly between tries until its deadline: a writer stuck on a slow disk costs
/// the others a bounded wait and a clear error, not a hang.
public struct FileLock: ~Copyable {
    /// Why the lock was not taken.
    public enum Failure: Error, Sendable, Equatable {
        /// Another process held it for the whole wait.
        case busy(path: String, seconds: Double)
        /// The lock file cannot be opened or locked: its path and the system's words.
        case unusable(path: String, reason: String)
    }

    private let fd: Int32

    private init(fd: Int32) { self.fd = fd }

    deinit { close(fd) }

    /// Keeps the lock until the process exits, which releases it: for a lock that
    /// stands for the process itself (venued's one instance per socket path).
    public consuming func holdUntilExit() {
        discard self
    }

    /// The lock on `path`, waiting up to `seconds` for another holder (0: one try).
    public static func acquire(_ path: String, waitingUpTo seconds: Double) throws(Failure) -> FileLock {
        let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let error = errno
            let reason = switch error {
            case ELOOP: "it is a symbolic link: remove it"
            case EACCES, EPERM, EROFS: "\(String(cString: strerror(error))): you need to be able to write to \(AtomicFile.directory(of: path))"
            default: String(cString: strerror(error))
            }
            throw .unusable(path: path, reason: reason)
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .unusable(path: path, reason: "not a regular file: remove it")
        }
        let deadline = Monotonic.seconds() + max(0, seconds)
        while true {
            if Syscall.retrying({ flock(fd, LOCK_EX | LOCK_NB) }) == 0 { return FileLock(fd: fd) }
            let error = errno
            guard error == EWOULDBLOCK else {
                close(fd)
                throw .unusable(path: path, reason: String(cString: strerror(error)))
            }
            guard Monotonic.seconds() < deadline else {
                close(fd)
                throw .busy(path: path, seconds: seconds)
            }
            // Short enough that a queue of quick writers drains fast; long enough not to spin.
            var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
            nanosleep(&pause, nil)
        }
    }
}
