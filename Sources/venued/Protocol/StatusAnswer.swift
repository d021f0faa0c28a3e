import DiningHours
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

    /// A request line as a key, hashed as one block of bytes (an array of bytes hashes
    /// them one at a time).
    private struct RequestBytes: Hashable {
        let bytes: [UInt8]

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    private var version = -1
    private var second = Int.min
    private var byRequest: [RequestBytes: String] = [:]
    private var bytes = 0

    /// The line kept for the request `request` in `now`'s second of data `version`.
    func line(forRequest request: [UInt8], version: Int, at now: Instant) -> String? {
        guard self.version == version, second == now.secondsSinceEpoch else { return nil }
        return byRequest[RequestBytes(bytes: request)]
    }

    /// Keeps `line` as the answer to `request` for the rest of this second.
    mutating func remember(_ line: String, forRequest request: [UInt8], version: Int, at now: Instant) {
        guard request.count <= 1024 else { return }
        if self.version != version || second != now.secondsSinceEpoch {
            self = StatusLines()
            self.version = version
            second = now.secondsSinceEpoch
        }
        let size = line.utf8.count + request.count
        guard byRequest.count < Self.lineLimit, bytes + size <= Self.lineBytesLimit else { return }
        byRequest[RequestBytes(bytes: request)] = line
        bytes += size
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
