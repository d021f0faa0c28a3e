import Glibc

/// Who is at the other end of a connected Unix socket, as the kernel recorded it (SO_PEERCRED).
package struct PeerCredentials: Sendable, Equatable {
    package let pid: Int32
    package let uid, gid: UInt32

    package init?(socket fd: Int32) {
        // glibc declares `struct ucred` only under _GNU_SOURCE; its layout is pid, uid, gid.
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
              Int(length) == MemoryLayout.size(ofValue: credentials) else { return nil }
        (pid, uid, gid) = credentials
    }
}
