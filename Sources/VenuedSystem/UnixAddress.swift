import Glibc

/// A `sockaddr_un` for a filesystem path or an abstract `@name`.
public struct UnixAddress {
    private var storage = sockaddr_un()
    private let length: socklen_t
    private static let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2

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
        length = socklen_t(Self.pathOffset + bytes.count + (abstract ? 0 : 1))
    }

    public mutating func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        let length = self.length
        return withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }

    public static func boundPath(of fd: Int32) -> String? {
        var storage = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let named = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0, storage.sun_family == sa_family_t(AF_UNIX), Int(length) > Self.pathOffset else { return nil }
        let count = min(Int(length) - Self.pathOffset, MemoryLayout.size(ofValue: storage.sun_path))
        var bytes = withUnsafeBytes(of: &storage.sun_path) { Array($0.prefix(count)) }
        if bytes.first == 0 {
            // Abstract: exactly its bytes after the NUL, written `@name` as the config takes it.
            bytes[0] = UInt8(ascii: "@")
        } else if let end = bytes.firstIndex(of: 0) { bytes.removeSubrange(end...) }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}
