import Glibc
import VenueReports
import VenuedSystem

/// The daemon's side of the disk cache (`CacheFiles` has the format): atomic writes, only into a directory that is
/// ours, so a crash leaves the old copy or the new one; a copy that does not decode is moved aside.
struct DiskCache: Sendable {
    let directory: String
    var files: CacheFiles { CacheFiles(directory: directory) }

    func load() -> (stored: CacheFiles.Stored?, problem: String?) {
        switch files.load() {
        case .missing: return (nil, nil)
        case .unreadable(let reason): return (nil, "cannot read the cached feed: \(reason)")
        case .corrupt(let reason):
            rename(files.feedPath, files.feedPath + ".corrupt")
            unlink(files.metaPath)
            return (nil, "the cached feed \(files.feedPath) is not usable (\(reason)); moved it to venues.json.corrupt")
        case .usable(let copy): return (copy, nil)
        }
    }

    /// The feed (none after a 304), then the meta naming it by size and checksum: a kill between is a mismatch ignored.
    func store(_ bytes: [UInt8]?, meta: CacheFiles.Meta) throws(CacheError) {
        do {
            if bytes != nil { try AtomicFile.makeDirectories(directory) }
            try AtomicFile.checkOwnDirectory(directory)
            if let bytes { try AtomicFile.write(bytes, to: files.feedPath) }
            try AtomicFile.write(Array(CacheFiles.render(meta).utf8), to: files.metaPath)
        } catch { throw CacheError(message: "\(error)") }
    }
}

/// Logged, never fatal: the daemon keeps serving from memory.
struct CacheError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
