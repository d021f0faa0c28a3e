import Glibc
import VenuedCLI

/// The daemon's side of the disk cache (`CacheFiles` has the location and the format,
/// shared with venuectl): writes are atomic (temp file, fsync, rename), so a crash leaves
/// the old copy or the new one, never half; a copy that does not decode is moved aside.
struct DiskCache: Sendable {
    let directory: String
    var files: CacheFiles { CacheFiles(directory: directory) }

    /// The cached copy; nil when there is none or it cannot be read. A file that does not
    /// decode to venues is renamed aside (`venues.json.corrupt`) and reported, not trusted.
    func load(log: Log) -> CacheFiles.Copy? {
        switch files.load() {
        case .missing:
            return nil
        case .unreadable(let reason):
            log.warning("cannot read the cached feed: \(reason)")
            return nil
        case .corrupt(let reason):
            rename(files.feedPath, files.feedPath + ".corrupt")
            unlink(files.metaPath)
            log.warning("the cached feed \(files.feedPath) is not usable (\(reason)); moved it to venues.json.corrupt")
            return nil
        case .usable(let copy):
            return copy
        }
    }

    func store(_ bytes: [UInt8], meta: CacheFiles.Meta) throws(CacheError) {
        try makeDirectory()
        try writeAtomically(bytes, to: files.feedPath)
        try writeAtomically(Array(CacheFiles.render(meta).utf8), to: files.metaPath)
    }

    private func makeDirectory() throws(CacheError) {
        var path = ""
        for component in directory.split(separator: "/") {
            path += "/" + component
            if mkdir(path, 0o700) != 0 && errno != EEXIST {
                throw CacheError(message: "cannot create the cache directory \(path): \(String(cString: strerror(errno)))")
            }
        }
    }

    private func writeAtomically(_ bytes: [UInt8], to path: String) throws(CacheError) {
        let temporary = "\(path).tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CacheError(message: "cannot write \(temporary): \(String(cString: strerror(errno)))") }
        var offset = 0
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { failure = errno; return }
                offset += written
            }
        }
        if failure == 0 && fsync(fd) != 0 { failure = errno }
        close(fd)
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw CacheError(message: "cannot write \(path): \(String(cString: strerror(failure)))")
        }
        // The rename is durable only once the directory entry is on disk.
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 { fsync(directoryFD); close(directoryFD) }
    }
}

/// A cache write that failed; logged, never fatal: the daemon keeps serving from memory.
struct CacheError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
