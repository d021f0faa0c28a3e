import DiningHours
import Glibc
import VenuedSystem

/// venued's last good copy, written by it and read by venuectl when it is down, both through here, so they agree.
public struct CacheFiles: Sendable {
    public struct Meta: Sendable, Equatable {
        public var source: FeedSource, url: String, etag: String?, lastModified: String?, fetchedAt: Instant
        /// Both of the file it describes, so a meta left by another copy (a kill between writes) is ignored.
        public var size: Int, checksum: String
        /// Every time venued writes (its clock is "now" shifted by at most 100 years); any other meta is ignored, as an
        /// instant near the ends of `Int` would overflow the first sum made with it.
        public static let plausibleFetchTimes = 946_684_800..<7_258_118_400
        public func describes(_ bytes: [UInt8]) -> Bool { size == bytes.count && checksum == Self.checksum(bytes) }

        /// FNV-1a, 64 bits: no defence against anyone, only a check that two files written in turn belong together.
        package static func checksum(_ bytes: [UInt8]) -> String {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return String(hash, radix: 16)
        }
    }

    /// A feed of at least one venue; `meta` is nil when its file is missing, unreadable or describes another copy.
    public struct Stored: Sendable {
        public let bytes: [UInt8], feed: Feed, meta: Meta?
    }

    /// `unreadable` (permissions, size) is left alone; `corrupt` was read but is not a venue list.
    public enum Contents: Sendable {
        case missing, unreadable(String), corrupt(String), usable(Stored)
    }

    /// venued's fetch cap, so the largest cache file it writes: a larger file there is not its, and is not read.
    public static let sizeLimit = 4 << 20
    public let directory: String
    public var feedPath: String { directory + "/venues.json" }
    public var metaPath: String { directory + "/venues.meta" }
    public init(directory: String) { self.directory = directory }

    public init?(environment: [String: String]) {
        guard let directory = VenuedPaths.cacheDirectory(environment: environment) else { return nil }
        self.directory = directory
    }

    public func load() -> Contents {
        guard access(feedPath, F_OK) == 0 else { return .missing }
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(feedPath, limit: Self.sizeLimit) } catch { return .unreadable("\(error)") }
        let feed: Feed
        do { feed = try FeedDecoder.decode(bytes) } catch { return .corrupt("\(error)") }
        guard !feed.venues.isEmpty else { return .corrupt("\(FeedError.notAVenueList("an empty array"))") }
        return .usable(Stored(bytes: bytes, feed: feed, meta: readMeta().flatMap { $0.describes(bytes) ? $0 : nil }))
    }

    /// `key = value` lines; unknown keys are ignored so a newer venued's file still reads.
    public static func render(_ meta: Meta) -> String {
        let lines = ["source = \(meta.source.rawValue)", "url = \(meta.url)",
                     "fetched_at = \(meta.fetchedAt.secondsSinceEpoch)", "size = \(meta.size)",
                     "checksum = \(meta.checksum)"]
            + [meta.etag.map { "etag = \($0)" }, meta.lastModified.map { "last_modified = \($0)" }].compactMap { $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    private func readMeta() -> Meta? {
        guard let bytes = try? BoundedFile.read(metaPath, limit: BoundedFile.smallFileLimit) else { return nil }
        let fields = KeyValueLine.lenient(String(decoding: bytes, as: UTF8.self))
        guard let source = fields["source"].flatMap(FeedSource.init), let url = fields["url"],
              let fetched = fields["fetched_at"].flatMap(Int.init), Meta.plausibleFetchTimes.contains(fetched), let size = fields["size"].flatMap(Int.init), let checksum = fields["checksum"] else { return nil }
        return Meta(source: source, url: url, etag: fields["etag"], lastModified: fields["last_modified"],
                    fetchedAt: Instant(secondsSinceEpoch: fetched), size: size, checksum: checksum)
    }
}

// Outside the struct, so that it keeps its memberwise init.
extension CacheFiles.Meta {
    public init(describing bytes: [UInt8], source: FeedSource, url: String, etag: String?, lastModified: String?,
                fetchedAt: Instant) {
        self.init(source: source, url: url, etag: etag, lastModified: lastModified, fetchedAt: fetchedAt,
                  size: bytes.count, checksum: Self.checksum(bytes))
    }
}
