import DiningHours
import Glibc
import VenuedCLI

/// The last good feed on disk, `venues.json`, and beside it `venues.meta` with where it
/// came from and the HTTP validators for a conditional GET. Writes are atomic (temp
/// file, fsync, rename), so a crash leaves the old copy or the new one, never half.
struct DiskCache: Sendable {
    struct Meta: Sendable, Equatable {
        var source: FeedSource
        var url: String
        var etag: String?
        var lastModified: String?
        var fetchedAt: Instant
        /// Size of the feed file it describes: a meta left from another copy is ignored.
        var size: Int
    }

    let directory: String
    var feedPath: String { directory + "/venues.json" }
    var metaPath: String { directory + "/venues.meta" }

    /// The cached bytes and their meta; nil when there is no cache. A file that does not
    /// decode to venues is renamed aside (`venues.json.corrupt`) and reported, not trusted.
    func load(log: Log) -> (bytes: [UInt8], feed: Feed, meta: Meta?)? {
        guard access(feedPath, F_OK) == 0 else { return nil }
        let bytes: [UInt8]
        do { bytes = try FeedFile.read(feedPath) } catch {
            log.warning("cannot read the cached feed: \(error)")
            return nil
        }
        do {
            let feed = try FeedDecoder.decode(bytes)
            guard !feed.venues.isEmpty else { throw FeedError.notAVenueList("an empty array") }
            let meta = readMeta().flatMap { $0.size == bytes.count ? $0 : nil }
            return (bytes, feed, meta)
        } catch {
            rename(feedPath, feedPath + ".corrupt")
            unlink(metaPath)
            log.warning("the cached feed \(feedPath) is not usable (\(error)); moved it to venues.json.corrupt")
            return nil
        }
    }

    func store(_ bytes: [UInt8], meta: Meta) throws(CacheError) {
        try makeDirectory()
        try writeAtomically(bytes, to: feedPath)
        try writeAtomically(Array(render(meta).utf8), to: metaPath)
    }

    private func render(_ meta: Meta) -> String {
        var lines = ["source = \(meta.source.rawValue)", "url = \(meta.url)",
                     "fetched_at = \(meta.fetchedAt.secondsSinceEpoch)", "size = \(meta.size)"]
        if let etag = meta.etag { lines.append("etag = \(etag)") }
        if let lastModified = meta.lastModified { lines.append("last_modified = \(lastModified)") }
        return lines.joined(separator: "\n") + "\n"
    }

    private func readMeta() -> Meta? {
        guard let bytes = try? FeedFile.read(metaPath) else { return nil }
        var fields: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[line[..<equals].trimming([" "])] = line[line.index(after: equals)...].trimming([" "])
        }
        guard let source = fields["source"].flatMap(FeedSource.init), let url = fields["url"],
              let fetched = fields["fetched_at"].flatMap(Int.init), let size = fields["size"].flatMap(Int.init) else { return nil }
        return Meta(source: source, url: url, etag: fields["etag"], lastModified: fields["last_modified"],
                    fetchedAt: Instant(secondsSinceEpoch: fetched), size: size)
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
