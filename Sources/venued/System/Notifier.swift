import Glibc

/// sd_notify without libsystemd: one datagram of `KEY=value` lines to `$NOTIFY_SOCKET`
/// (a path, or `@name` for the abstract namespace). Without the variable it does nothing.
struct Notifier: Sendable {
    let socketPath: String?

    init(environment: [String: String]) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
    }

    func send(_ fields: [String]) {
        guard let path = socketPath, var address = UnixAddress(path) else { return }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let message = Array((fields.joined(separator: "\n") + "\n").utf8)
        _ = message.withUnsafeBytes { bytes in
            address.withSockaddr { sockaddr, length in
                sendto(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), sockaddr, length)
            }
        }
    }

    /// `MONOTONIC_USEC=` as systemd wants it beside `RELOADING=1`.
    static func monotonicMicroseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1_000_000 + now.tv_nsec / 1000
    }
}

/// A `sockaddr_un` for a filesystem path or an abstract `@name`.
struct UnixAddress {
    private var storage = sockaddr_un()
    private let length: socklen_t

    init?(_ path: String) {
        var bytes = Array(path.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: storage.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity else { return nil }
        storage.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &storage.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        // An abstract name is exactly its bytes; a path also counts its terminating NUL.
        let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)!
        length = socklen_t(pathOffset + bytes.count + (abstract ? 0 : 1))
    }

    mutating func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        let length = self.length
        return withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
