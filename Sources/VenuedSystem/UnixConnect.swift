import Glibc

/// A non-blocking connect to a Unix stream socket, bounded by a deadline.
package enum UnixConnect {
    package enum Failure: Error, Equatable, Sendable {
        case pathTooLong, noSocket, refused, queueFull, timedOut, failed(Syscall.Errno)
    }

    package static func connect(to path: String, until deadline: Double) -> Result<Int32, Failure> {
        guard var address = UnixAddress(path) else { return .failure(.pathTooLong) }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return .failure(.failed(Syscall.Errno(errno))) }
        guard Syscall.retrying({ address.withSockaddr { Glibc.connect(fd, $0, $1) } }) != 0 else { return .success(fd) }
        let failure: Failure
        switch errno {
        case ENOENT: failure = .noSocket
        case ECONNREFUSED: failure = .refused
        case EAGAIN: failure = .queueFull
        case EINPROGRESS:
            guard let code = outcome(fd, until: deadline) else { failure = .timedOut; break }
            if code == 0 { return .success(fd) }
            failure = .failed(Syscall.Errno(code))
        case let code: failure = .failed(Syscall.Errno(code))
        }
        close(fd)
        return .failure(failure)
    }

    private static func outcome(_ fd: Int32, until deadline: Double) -> Int32? {
        var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        let ready = Syscall.retrying {
            let remaining = max(deadline - Monotonic.seconds(), 0)
            return poll(&poller, 1, remaining == .infinity ? -1 : Int32(min(remaining * 1000, 86_400_000).rounded(.up)))
        }
        guard ready == 1 else { return nil }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 ? error : errno
    }
}
