import DiningHours
import Glibc
import VenueReports

/// The status lines of the current second by their question: a hit is exactly what a fresh computation would give.
struct StatusLines {
    /// Bounds on what clients can make us keep; a prompt's line is under 100 bytes.
    static let lineLimit = 256, lineBytesLimit = 1 << 20, keyLimit = 1024

    /// Compared by an unseeded fingerprint, then byte for byte: a crafted collision costs at most `lineLimit` compares.
    private struct Kept { let fingerprint: UInt64, request: [UInt8], line: String }

    private var version = -1, second = Int.min, kept: [Kept] = [], bytes = 0

    func line(forRequest request: UnsafeRawBufferPointer, version: Int, at now: Instant) -> String? {
        guard self.version == version, second == now.secondsSinceEpoch, !kept.isEmpty, request.count <= Self.keyLimit else { return nil }
        let fingerprint = Self.fingerprint(request)
        for index in kept.indices where kept[index].fingerprint == fingerprint && kept[index].request.count == request.count {
            if kept[index].request.withUnsafeBytes({ Self.same($0, request) }) { return kept[index].line }
        }
        return nil
    }

    mutating func remember(_ line: String, forRequest request: UnsafeRawBufferPointer, version: Int, at now: Instant) {
        guard request.count <= Self.keyLimit else { return }
        if self.version != version || second != now.secondsSinceEpoch {
            self = StatusLines(version: version, second: now.secondsSinceEpoch)
        }
        let size = line.utf8.count + request.count
        guard kept.count < Self.lineLimit, bytes + size <= Self.lineBytesLimit else { return }
        kept.append(Kept(fingerprint: Self.fingerprint(request), request: Array(request), line: line))
        bytes += size
    }

    /// FNV-1a, eight bytes at a time (loaded unaligned: a request is read where it landed), length mixed in first.
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

    private static func same(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard let first = a.baseAddress, let second = b.baseAddress else { return a.count == b.count }
        return a.count == b.count && memcmp(first, second, a.count) == 0
    }

    static let cheapVenueQueries = 8
    /// A template, many venue queries, or a zone not read yet may take the loop a millisecond or more.
    static func isCostly(_ options: StatusOptions, presentation: StatusPresentation?, zone: String) -> Bool {
        if case .template? = presentation?.format { return true }
        return options.venues.count > cheapVenueQueries || !ZoneDatabase.system.hasRead(zone)
    }
}
