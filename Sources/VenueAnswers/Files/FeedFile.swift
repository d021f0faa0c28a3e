import DiningHours
import BundledFeed
import Glibc

/// A feed with where it came from: what venued holds and serves, what venuectl reads
/// locally, and what an answer's `source` reports (SPEC §4). One name for one concept.
public struct FeedCopy: Sendable {
    public let feed: Feed
    public let source: FeedSource
    /// When this copy was fetched (for `cache`: when the cached copy was); nil for the
    /// bundled data, a `--data` file, or a cache without its meta.
    public let fetchedAt: Instant?

    public init(feed: Feed, source: FeedSource, fetchedAt: Instant? = nil) {
        self.feed = feed
        self.source = source
        self.fetchedAt = fetchedAt
    }

    /// The dates the feed covers when read in `zone`.
    public func coverage(zone: ZoneRules) -> Coverage? { Campus(feed: feed, zone: zone).coverage }
}

public enum FeedFile {
    /// Larger than any real feed by two orders of magnitude; refuses to slurp a wrong file.
    public static let sizeLimit = 16 << 20

    /// `--data FILE` when given, else the feed compiled into the binary.
    package static func load(path: String?) throws(CLIError) -> FeedCopy {
        guard let path else {
            do { return FeedCopy(feed: try FeedDecoder.decode(BundledFeed.bytes), source: .bundled) } catch {
                throw .invalidData(path: "the bundled feed", reason: "\(error)")
            }
        }
        let bytes = try read(path, streams: true)
        do { return FeedCopy(feed: try FeedDecoder.decode(bytes), source: .file) } catch {
            throw .invalidData(path: path, reason: "\(error)")
        }
    }

    /// Config-sized files (favorites, venuectl.conf, venued.conf, venues.meta): far
    /// more than any real one, small enough that a wrong file costs nothing to refuse.
    public static let smallFileLimit = 64 << 10

    /// The bytes of the regular file at `path`, refusing anything over `limit` bytes.
    ///
    /// Files are named by people and by clients of venued, so this never blocks and
    /// never slurps: the file is opened non-blocking (opening a FIFO for reading would
    /// otherwise wait for a writer, holding up every client venued serves meanwhile),
    /// and anything but a regular file — a FIFO, a device, a socket, a directory — is
    /// refused before a byte is read. `streams: true` is for a path the user names on
    /// venuectl's own command line (`--data /dev/stdin`), where waiting is what they asked for.
    public static func read(_ path: String, limit: Int = sizeLimit, streams: Bool = false) throws(CLIError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | (streams ? 0 : O_NONBLOCK))
        guard fd >= 0 else { throw .unreadableData(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadableData(path: path, reason: String(cString: strerror(errno))) }
        let regular = info.st_mode & S_IFMT == S_IFREG
        guard regular || streams else { throw .unreadableData(path: path, reason: "not a regular file (\(kind(info.st_mode))): refusing to read it") }
        guard !regular || info.st_size <= limit else { throw .unreadableData(path: path, reason: "larger than \(describe(limit))") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(65_536, limit + 1))
        while true {
            let count = Syscall.retrying { chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }
            if count < 0 { throw .unreadableData(path: path, reason: String(cString: strerror(errno))) }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            if bytes.count > limit { throw .unreadableData(path: path, reason: "larger than \(describe(limit))") }
        }
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFDIR: return "a directory"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "not a plain file"
        }
    }

    private static func describe(_ limit: Int) -> String {
        limit >= 1 << 20 ? "\(limit >> 20) MB" : "\(limit >> 10) KB"
    }
}
