import Glibc

/// Blocking socket helpers that never raise SIGPIPE and retry interrupted calls.
enum SocketIO {
    /// Sends all of `text`; false when the peer is gone or the send timed out
    /// (accepted sockets carry SO_SNDTIMEO, so a client that stops reading cannot
    /// hold its thread forever).
    @discardableResult
    static func send(_ fd: Int32, _ text: String, nonBlocking: Bool = false) -> Bool {
        let flags = Int32(MSG_NOSIGNAL) | (nonBlocking ? Int32(MSG_DONTWAIT) : 0)
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = Glibc.send(fd, buffer.baseAddress! + offset, buffer.count - offset, flags)
                if sent < 0 && errno == EINTR { continue }
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    static func setTimeout(_ fd: Int32, option: Int32, seconds: Int) {
        var value = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// The uid of the process at the other end (SO_PEERCRED: pid, uid, gid).
    static func peerUID(_ fd: Int32) -> UInt32? {
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        return credentials.uid
    }

}
