import Glibc

/// Replaces a small file so that a reader (venued, a prompt running at the same moment)
/// sees the old contents or the new, never half of them, and a crash leaves one of the
/// two: write a temporary file beside it, fsync it, rename it over the old one, fsync
/// the directory so the rename itself is on disk.
enum AtomicFile {
    static func write(_ text: String, to path: String) throws(CLIError) {
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        try makeDirectories(directory)
        let temporary = "\(path).tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(temporary) }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { let error = failure(temporary); close(fd); unlink(temporary); throw error }
            offset += written
        }
        guard fsync(fd) == 0 else { let error = failure(temporary); close(fd); unlink(temporary); throw error }
        close(fd)
        guard rename(temporary, path) == 0 else { let error = failure(path); unlink(temporary); throw error }
        let directoryFD = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 { fsync(directoryFD); close(directoryFD) }
    }

    /// `mkdir -p` with 0700 for what it creates: the config directory is the user's alone.
    private static func makeDirectories(_ path: String) throws(CLIError) {
        var prefix = ""
        for part in path.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST { throw failure(prefix) }
        }
    }

    private static func failure(_ path: String) -> CLIError {
        .unwritable(path: path, reason: String(cString: strerror(errno)))
    }
}
