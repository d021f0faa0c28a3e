import Glibc

/// One place retries a call a signal interrupted (EINTR); I/O comes back as a value, not a count and a global `errno`.
public enum Syscall {
    public enum IO: Equatable, Sendable { case processed(Int), wouldBlock, failed(Errno) }

    public struct Errno: Error, Equatable, Sendable, CustomStringConvertible {
        public let code: Int32
        @inlinable public init(_ code: Int32) { self.code = code }
        public var description: String { String(cString: strerror(code)) }
    }

    /// Public and inlinable, as the loop calls it for every socket call: across modules a generic is otherwise called
    /// unspecialized, and Swift 6.3 does not inline a `package` function there, `@inlinable` or not.
    @inlinable
    public static func retrying<Result: BinaryInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }

    @inlinable
    public static func io(_ call: () -> Int) -> IO {
        let count = retrying(call)
        if count >= 0 { return .processed(count) }
        return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .failed(Errno(errno))
    }

    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, waitingWhenFull: Bool = false) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            switch io({ Glibc.write(fd, base + offset, bytes.count - offset) }) {
            case .processed(let written) where written > 0: offset += written
            case .processed: errno = EIO; return false
            case .wouldBlock where waitingWhenFull:
                var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = retrying { poll(&poller, 1, -1) }
            case .wouldBlock: return false
            case .failed(let error): errno = error.code; return false
            }
        }
        return true
    }
}
