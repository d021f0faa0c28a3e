import Glibc
import VenuedSystem

/// The listening socket, guarded by a lock file held for life: a second venued refuses to start even without the file.
struct Listener: Sendable {
    /// Unlinked at exit only while it is still the file this process bound (same device and inode).
    struct OwnedFile: Sendable { let path: String, device: UInt64, inode: UInt64 }

    let fd: Int32
    let ownedFile: OwnedFile?
    /// `PATH.lock`, never removed: removing it would let a second process lock a new one while the first holds the old.
    static func lockPath(_ path: String) -> String { path + ".lock" }

    /// fd 3, when LISTEN_PID/LISTEN_FDS are meant for this process; unset so that no child takes them for its own.
    static func inherited(environment: [String: String]) throws(DaemonError) -> Listener? {
        guard let pid = environment["LISTEN_PID"].flatMap(Int32.init), pid == getpid(),
              let count = environment["LISTEN_FDS"].flatMap(Int.init), count >= 1 else { return nil }
        for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(name) }
        let fd: Int32 = 3
        var listening: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) == 0, listening == 1 else {
            throw .socket("socket activation passed fd 3, but it is not a listening socket: check the .socket unit (ListenStream=)")
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return Listener(fd: fd, ownedFile: nil)
    }

    static func bind(path: String) throws(DaemonError) -> Listener {
        let lock: FileLock
        do { lock = try FileLock.acquire(lockPath(path), waitingUpTo: 0) } catch {
            switch error {
            case .busy:
                throw .alreadyRunning("another venued is already running on \(path) (it holds \(lockPath(path))): stop it first")
            case .unusable(let lockFile, let reason): throw .socket("cannot lock \(lockFile): \(reason)")
            }
        }
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFSOCK else {
                throw .socket("\(path) exists and is not a socket: remove it or choose another --socket")
            }
            if probe(path) { throw .alreadyRunning("another venued is already running on \(path): stop it first") }
            unlink(path)
        }
        guard var address = UnixAddress(path) else { throw .config("socket path '\(path)' is too long") }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .socket("cannot create a socket: \(String(cString: strerror(errno)))") }
        // Private from the first instant: no window in which the socket is 0755.
        let previous = umask(0o177)
        let bound = address.withSockaddr { Glibc.bind(fd, $0, $1) }
        let bindError = errno
        umask(previous)
        func failure(_ what: String, _ code: Int32 = errno) -> DaemonError {
            close(fd)
            return .socket("\(what): \(String(cString: strerror(code)))")
        }
        guard bound == 0 else { throw failure("cannot bind \(path)", bindError) }
        chmod(path, 0o600)
        // Under the lock, nothing else binds this path between our bind and this lstat: this is our file.
        var created = stat()
        guard lstat(path, &created) == 0 else { throw failure("cannot inspect \(path) after binding it") }
        let owned = OwnedFile(path: path, device: UInt64(created.st_dev), inode: UInt64(created.st_ino))
        guard listen(fd, 64) == 0 else {
            let error = failure("cannot listen on \(path)")
            removeIfOurs(owned)
            throw error
        }
        lock.holdUntilExit()
        return Listener(fd: fd, ownedFile: owned)
    }

    /// Never waits: a blocking `connect` to a full backlog may sleep forever. A full backlog means a live listener too.
    private static func probe(_ path: String) -> Bool {
        switch UnixConnect.connect(to: path, until: Monotonic.seconds() + 1) {
        case .success(let fd):
            close(fd)
            return true
        case .failure(.queueFull), .failure(.timedOut): return true
        case .failure(.pathTooLong), .failure(.noSocket), .failure(.refused), .failure(.failed): return false
        }
    }

    func makeNonBlocking() -> Bool {
        let flags = fcntl(fd, F_GETFL)
        return flags >= 0 && fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0
    }

    func removeFile() { if let ownedFile { Self.removeIfOurs(ownedFile) } }

    private static func removeIfOurs(_ file: OwnedFile) {
        var info = stat()
        guard lstat(file.path, &info) == 0, UInt64(info.st_dev) == file.device, UInt64(info.st_ino) == file.inode else { return }
        unlink(file.path)
    }
}

/// venued's own socket directory must be a real directory owned by us: in a shared /tmp, another could make it first.
enum RuntimeDirectory {
    static func prepare(socketPath: String, owned: Bool) throws(DaemonError) {
        guard let slash = socketPath.lastIndex(of: "/") else { throw .config("socket path '\(socketPath)' has no directory") }
        let directory = slash == socketPath.startIndex ? "/" : String(socketPath[..<slash])
        guard owned else {
            var info = stat()
            guard stat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw .socket("the socket's directory \(directory) does not exist: create it or choose another --socket")
            }
            return
        }
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw .socket("cannot create \(directory): \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard lstat(directory, &info) == 0 else { throw .socket("cannot inspect \(directory): \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw .socket("\(directory) is not a directory (a symlink?): remove it and start venued again")
        }
        guard info.st_uid == getuid() else {
            throw .socket("\(directory) belongs to uid \(info.st_uid), not to us (\(getuid())): remove it or choose --socket")
        }
        if info.st_mode & 0o777 != 0o700 && chmod(directory, 0o700) != 0 {
            throw .socket("cannot make \(directory) private (0700): \(String(cString: strerror(errno)))")
        }
    }
}
