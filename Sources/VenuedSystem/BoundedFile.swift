import Glibc

/// Reading a file that a person or a client of venued named, without blocking and without slurping.
public enum BoundedFile {
    public static let feedLimit = 16 << 20
    public static let smallFileLimit = 64 << 10

    /// Non-blocking, regular files only unless `streams`: a FIFO would wait for a writer, holding every client.
    public static func read(_ path: String, limit: Int, streams: Bool = false) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | (streams ? 0 : O_NONBLOCK))
        guard fd >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        let regular = info.st_mode & S_IFMT == S_IFREG
        guard regular || streams else { throw Failure(path: path, reason: "not a regular file (\(kind(info.st_mode))): refusing to read it") }
        guard !regular || info.st_size <= limit else { throw Failure(path: path, reason: "larger than \(describe(limit))") }
        return try readAll(fd, limit: limit, path: path)
    }

    public static func readAll(_ fd: Int32, limit: Int, path: String = "standard input") throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(65_536, limit + 1))
        while true {
            switch Syscall.io({ chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }) {
            case .processed(0): return bytes
            case .processed(let count):
                bytes += chunk[..<count]
                if bytes.count > limit { throw Failure(path: path, reason: "larger than \(describe(limit))") }
            case .wouldBlock: throw Failure(path: path, reason: "no data to read without waiting")
            case .failed(let error): throw Failure(path: path, reason: "\(error)")
            }
        }
    }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let path, reason: String
        public var description: String { "cannot read \(path): \(reason)" }
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFDIR: "a directory"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "not a plain file"
        }
    }

    private static func describe(_ limit: Int) -> String {
        limit >= 1 << 20 ? "\(limit >> 20) MB" : "\(limit >> 10) KB"
    }
}
