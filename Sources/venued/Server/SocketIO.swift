import CLinuxEvents
import Glibc
import VenuedSystem

/// Non-blocking socket I/O that never raises SIGPIPE: a client that does not read must never hold up the loop.
enum SocketIO {
    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Syscall.IO {
        Syscall.io { venued_send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
    }

    static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, count: Int) -> Syscall.IO {
        Syscall.io { venued_recv(fd, buffer.baseAddress, count, Int32(MSG_DONTWAIT)) }
    }

    enum Sent { case all, rest([UInt8]), failed }

    /// One send of `text`: what the socket could not take now is handed back, to wait for room. Inlined: it is on
    /// every request's path.
    @inline(__always)
    static func sendNow(_ fd: Int32, _ text: String) -> Sent {
        var text = text
        return text.withUTF8 { bytes in
            switch send(fd, UnsafeRawBufferPointer(bytes)) {
            case .processed(let count) where count == bytes.count: .all
            case .processed(let count): .rest(Array(bytes[count...]))
            case .wouldBlock: .rest(Array(bytes))
            case .failed: .failed
            }
        }
    }

    @discardableResult
    static func sendAll(_ fd: Int32, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                guard case .processed(let count) = send(fd, UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[offset...]))), count > 0 else { return false }
                offset += count
            }
            return true
        }
    }

    /// The peer closed its socket altogether (POLLHUP), not just its sending side (waiting for its answer).
    static func peerIsGone(_ fd: Int32) -> Bool {
        var poller = pollfd(fd: fd, events: 0, revents: 0)
        return poll(&poller, 1, 0) == 1 && poller.revents & Int16(POLLHUP) != 0
    }
}
