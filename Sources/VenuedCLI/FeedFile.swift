import DiningHours
import BundledFeed
import Glibc

/// Where the feed for this run came from; `source` is what `--json` reports (SPEC §4).
public struct LoadedFeed: Sendable {
    public let feed: Feed
    public let source: FeedSource

    public init(feed: Feed, source: FeedSource) {
        self.feed = feed
        self.source = source
    }
}

public enum FeedFile {
    /// Larger than any real feed by two orders of magnitude; refuses to slurp a wrong file.
    static let sizeLimit = 16 << 20

    /// `--data FILE` when given, else the feed compiled into the binary.
    static func load(path: String?) throws(CLIError) -> LoadedFeed {
        guard let path else {
            do { return LoadedFeed(feed: try FeedDecoder.decode(BundledFeed.bytes), source: .bundled) } catch {
                throw .invalidData(path: "the bundled feed", reason: "\(error)")
            }
        }
        let bytes = try read(path)
        do { return LoadedFeed(feed: try FeedDecoder.decode(bytes), source: .file) } catch {
            throw .invalidData(path: path, reason: "\(error)")
        }
    }

    /// The bytes of `path`, refusing files over `sizeLimit`.
    public static func read(_ path: String) throws(CLIError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadableData(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadableData(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            if bytes.count > sizeLimit { throw .unreadableData(path: path, reason: "larger than \(sizeLimit >> 20) MB") }
        }
    }
}
