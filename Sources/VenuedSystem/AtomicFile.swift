import Glibc

/// Replaces a file so that a reader sees the old contents or the new, never half, and a crash leaves one of the two.
public enum AtomicFile {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let path, reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    private static func temporaryPrefix(_ path: String) -> String { path + ".tmp-" }

    /// `durable: false` skips both fsyncs, for files that must not outlive a boot (prompt files).
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600, durable: Bool = true) throws(Failure) {
        let (fd, temporary) = try createTemporary(for: path, mode: mode)
        var failure: Int32 = bytes.withUnsafeBytes { Syscall.writeAll(fd, $0) } ? 0 : errno
        if failure == 0 && durable && fsync(fd) != 0 { failure = errno }
        close(fd)
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw Failure(path: path, reason: String(cString: strerror(failure)))
        }
        guard durable else { return }
        let directoryFD = open(directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 { fsync(directoryFD); close(directoryFD) }
    }

    /// Only where no other writer can be at work (venued at start, once it owns its socket).
    public static func removeTemporaries(of path: String) -> Int {
        let prefix = temporaryPrefix(path.split(separator: "/").last.map(String.init) ?? path)
        guard let handle = opendir(directory(of: path)) else { return 0 }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix(prefix) { names.append(name) }
        }
        // unlink removes a planted link itself, never what it points to.
        return names.filter { unlinkat(dirfd(handle), $0, 0) == 0 }.count
    }

    public static func makeDirectories(_ path: String, mode: mode_t = 0o700) throws(Failure) {
        var prefix = ""
        for part in path.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, mode) != 0 && errno != EEXIST {
                throw Failure(path: prefix, reason: String(cString: strerror(errno)))
            }
        }
    }

    /// In a directory anyone else could write, files can be swapped between our writes.
    public static func checkOwnDirectory(_ path: String) throws(Failure) {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw Failure(path: path, reason: "not a directory (a symlink?)") }
        guard info.st_uid == geteuid() else { throw Failure(path: path, reason: "the directory belongs to uid \(info.st_uid), not to you") }
        guard info.st_mode & 0o022 == 0 else {
            throw Failure(path: path, reason: "the directory is writable by others (mode \(String(info.st_mode & 0o777, radix: 8)))")
        }
    }

    private static func createTemporary(for path: String, mode: mode_t) throws(Failure) -> (Int32, String) {
        for _ in 0..<8 {
            let temporary = temporaryPrefix(path) + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if fd >= 0 { return (fd, temporary) }
            let error = errno
            if error != EEXIST && error != ELOOP {
                let directory = directory(of: path)
                let remedy = error == EACCES || error == EPERM || error == EROFS
                    ? ": the file is replaced by a new one made there, so you need to be able to write to \(directory)"
                    : ""
                throw Failure(path: path, reason: "cannot create a file in \(directory) (\(String(cString: strerror(error))))\(remedy)")
            }
        }
        throw Failure(path: path, reason: "could not create a temporary file beside it")
    }

    package static func directory(of path: String) -> String {
        let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return parent.isEmpty ? (path.hasPrefix("/") ? "/" : ".") : parent
    }
}
