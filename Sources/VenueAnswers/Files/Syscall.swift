import Glibc

/// System calls the way both programs make them: one place that retries a call a signal
/// interrupted (EINTR means "try again" for read, write, send, recv, poll and waitpid),
/// and one that writes a whole buffer despite short counts, as swift-nio funnels its
/// calls through NIOPosix/System.swift instead of a loop at every call site.
package enum Syscall {
    /// `call()`, again while it fails with EINTR; any other result as it came.
    @inline(__always)
    package static func retrying<Result: BinaryInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }

    /// Writes all of `bytes` to `fd`; false (errno set, or EIO for a write of nothing)
    /// when the descriptor stops taking them (a closed pipe, a full disk).
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let written = retrying { Glibc.write(fd, base + offset, bytes.count - offset) }
            if written == 0 { errno = EIO }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
