import Glibc
import VenuedSystem

/// Where `calendar -o PATH` puts its document. A regular file, or nothing, is replaced atomically; a FIFO or a
/// character device is written into, since renaming over it would take it from its reader; anything else is refused.
enum OutputTarget {
    case replace(String)
    case stream(String)

    init(_ path: String) throws(CLIError) {
        var info = stat()
        let found = stat(path, &info) == 0
        guard found || errno == ENOENT else { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
        // Nothing there, or a link to nothing, is a new file, where the link points if it is one.
        switch found ? info.st_mode & S_IFMT : S_IFREG {
        case S_IFREG: self = .replace(Self.resolved(path) ?? path)
        case S_IFIFO, S_IFCHR: self = .stream(path)
        case S_IFDIR: throw .notAnOutput(path: path, kind: "a directory")
        case S_IFSOCK: throw .notAnOutput(path: path, kind: "a socket")
        case S_IFBLK: throw .notAnOutput(path: path, kind: "a block device")
        default: throw .notAnOutput(path: path, kind: "not a file")
        }
    }

    func write(_ bytes: [UInt8]) throws(CLIError) {
        switch self {
        case .replace(let path):
            do { try AtomicFile.write(bytes, to: path, mode: 0o644) } catch { throw .unwritable(path: error.path, reason: error.reason) }
        case .stream(let path):
            let fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
            guard fd >= 0 else { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
            defer { close(fd) }
            guard bytes.withUnsafeBytes({ Syscall.writeAll(fd, $0, waitingWhenFull: true) }) else {
                throw .unwritable(path: path, reason: String(cString: strerror(errno)))
            }
        }
    }

    /// Where a link at `path` ends, so the link stays a link; nil for no link.
    private static func resolved(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        if realpath(path, &target) != nil {
            return String(decoding: target.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        // A link to a file not made yet: its target, read once, relative to the link's directory.
        let count = readlink(path, &target, target.count - 1)
        guard count > 0 else { return nil }
        let name = String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.hasPrefix("/") ? name : AtomicFile.directory(of: path) + "/" + name
    }
}
