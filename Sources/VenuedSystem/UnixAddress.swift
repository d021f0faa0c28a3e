import Glibc

/// A `sockaddr_un` for a filesystem path or an abstract `@name`: what venued binds and
/// notifies systemd with, and what venuectl connects to.
public struct UnixAddress {
    private var storage = sockaddr_un()
    private let length: socklen_t

    public init?(_ path: String) {
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

    public mutating func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        let length = self.length
        return withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
