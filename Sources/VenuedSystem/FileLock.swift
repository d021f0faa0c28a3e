import Glibc

/// An exclusive `flock` held until dropped; it dies with its process, so a killed holder leaves no stale lock.
public struct FileLock: ~Copyable {
    public enum Failure: Error, Sendable, Equatable {
        case busy(path: String, seconds: Double), unusable(path: String, reason: String)
    }

    private let fd: Int32
    private init(fd: Int32) { self.fd = fd }
    deinit { close(fd) }
    public consuming func holdUntilExit() { discard self }

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
