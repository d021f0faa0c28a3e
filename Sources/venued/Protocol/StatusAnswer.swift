import DiningHours
import Glibc
import VenueReports
import VenuedProtocol

/// The answer lines of the current second, kept by their question: an answer depends
/// only on the data, the question and the instant (to the second), so a hit is exactly
/// the line a fresh computation would give; a prompt on every shell of a machine asks
/// the same question many times a second. The loop's alone: no lock.
struct StatusLines {
    /// A bound on what clients can make us keep: lines of one second, ~4 KB each.
    static let lineLimit = 256
    /// And on their bytes: 256 answers at the answer budget would be 64 MB. A prompt's
    /// line is under 100 bytes, a whole campus's JSON a few KB.
    static let lineBytesLimit = 1 << 20

    /// A kept answer and the request it answers. Requests are compared by a 64-bit
    /// fingerprint first (FNV-1a), then byte for byte: a hit costs one pass over the
    /// request's bytes where they were read, with no copy and no allocation (a
    /// dictionary would want a key array and a seeded hash per lookup). Without a seed, a client
    /// could craft requests of one fingerprint; the cost is bounded all the same, by
    /// `lineLimit` comparisons of at most 1 KB each (`keyLimit`), once a request.
    private struct Kept {
        let fingerprint: UInt64
        let request: [UInt8]
        let line: String
    }

    /// Requests longer than this are not kept: a prompt's request is a few hundred bytes.
    static let keyLimit = 1024

    private var version = -1
    private var second = Int.min
    private var kept: [Kept] = []
    private var bytes = 0

    /// The line kept for the request `request` in `now`'s second of data `version`.
    func line(forRequest request: UnsafeRawBufferPointer, version: Int, at now: Instant) -> String? {
        guard self.version == version, second == now.secondsSinceEpoch, !kept.isEmpty, request.count <= Self.keyLimit else { return nil }
        let fingerprint = Self.fingerprint(request)
        for index in kept.indices where kept[index].fingerprint == fingerprint && kept[index].request.count == request.count {
            if kept[index].request.withUnsafeBytes({ Self.same($0, request) }) { return kept[index].line }
        }
        return nil
    }

    /// Keeps `line` as the answer to `request` for the rest of this second (after a
    /// miss: a request is kept once).
    mutating func remember(_ line: String, forRequest request: UnsafeRawBufferPointer, version: Int, at now: Instant) {
        guard request.count <= Self.keyLimit else { return }
        if self.version != version || second != now.secondsSinceEpoch {
            self = StatusLines()
            self.version = version
            second = now.secondsSinceEpoch
        }
        let size = line.utf8.count + request.count
        guard kept.count < Self.lineLimit, bytes + size <= Self.lineBytesLimit else { return }
        kept.append(Kept(fingerprint: Self.fingerprint(request), request: Array(request), line: line))
        bytes += size
    }

    /// FNV-1a over the request's bytes, taken eight at a time (a request is read where
    /// it landed, so words are loaded unaligned), with the length mixed in first.
    private static func fingerprint(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01b3
        var hash = (0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)) &* prime
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* prime
            hash ^= hash >> 29
            offset += 8
        }
        while offset < bytes.count {
            hash = (hash ^ UInt64(bytes[offset])) &* prime
            offset += 1
        }
        return hash
    }

    /// Byte-for-byte equality of two buffers of the same length.
    private static func same(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard let first = a.baseAddress, let second = b.baseAddress else { return a.count == b.count }
        return a.count == b.count && memcmp(first, second, a.count) == 0
    }

    /// Venue queries a question may hold and still be answered on the loop.
    static let cheapVenueQueries = 8

    /// True for a question that may take the loop a millisecond or more to answer,
    /// rather than the tenth of one a prompt's takes: a template (each venue's line
    /// rendered from up to 1 KB of it), many venue queries (each searched among every
    /// name), or a zone whose file has not been read yet. It is answered on a worker,
    /// so that a client flooding such questions costs the loop no more than their parsing.
    static func isCostly(_ options: StatusOptions, presentation: StatusPresentation?, zone: String) -> Bool {
        if options.venues.count > cheapVenueQueries || !ZoneDatabase.system.hasRead(zone) { return true }
        if case .template? = presentation?.format { return true }
        return false
    }
}
