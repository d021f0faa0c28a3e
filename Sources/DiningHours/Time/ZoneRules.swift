import Foundation

/// The offset rules of one IANA zone, and the one place where wall clocks become instants.
///
/// Foundation answers an offset query in ~80 ns; a status bar asks thousands of them, so
/// the transitions of 1970–2100 are copied into a sorted table once and looked up by
/// binary search. Instants outside the table ask Foundation directly.
public struct ZoneRules: Sendable {
    public let identifier: String
    private let zone: TimeZone
    /// `transitions[i]` is the first second at which `offsets[i + 1]` applies.
    private let transitions: [Int]
    /// `offsets[0]` applies before the first transition.
    private let offsets: [Int]
    private let tableEnd: Int

    private static let tableStart = 0                // 1970-01-01
    private static let tableLimit = 4_102_444_800    // 2100-01-01

    /// Throws when the zone is unknown, or when this build has no time-zone data at all
    /// (a static link without FoundationInternationalization computes silently in GMT;
    /// we would rather refuse than show wrong hours).
    public init(identifier: String) throws(ZoneError) {
        guard let zone = TimeZone(identifier: identifier) else {
            if TimeZone(identifier: "America/New_York") == nil { throw .noTimeZoneData }
            throw .unknownZone(identifier)
        }
        self.identifier = zone.identifier
        self.zone = zone
        var transitions: [Int] = []
        var offsets = [zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(Self.tableStart)))]
        var cursor = Date(timeIntervalSince1970: Double(Self.tableStart))
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor),
              next.timeIntervalSince1970 < Double(Self.tableLimit), transitions.count < 2000 {
            let second = Int(next.timeIntervalSince1970.rounded(.down))
            transitions.append(second)
            offsets.append(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(second))))
            cursor = next
        }
        self.transitions = transitions
        self.offsets = offsets
        self.tableEnd = Self.tableLimit
    }

    /// Seconds east of UTC at `instant`.
    public func offset(at instant: Instant) -> Int {
        let t = instant.secondsSinceEpoch
        guard t >= Self.tableStart, t < tableEnd else {
            return zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t)))
        }
        var low = 0, high = transitions.count
        while low < high {
            let mid = (low + high) / 2
            if transitions[mid] <= t { low = mid + 1 } else { high = mid }
        }
        return offsets[low]
    }

    public func localDateTime(of instant: Instant) -> LocalDateTime {
        LocalDateTime(wallSeconds: instant.secondsSinceEpoch + offset(at: instant))
    }

    public func localDate(of instant: Instant) -> LocalDate { localDateTime(of: instant).date }

    /// The instant a wall clock shows `local`, by the **earlier offset** rule (SPEC §2.5):
    /// a time that occurs twice is its first occurrence; a time skipped by a gap is read
    /// with the offset in force before the gap, so it lands one gap-length later.
    public func instant(for local: LocalDateTime) -> Instant {
        let wall = local.wallSeconds
        // Zone offsets change at most once within a day in every zone of the database,
        // so the offsets a day either side bracket every candidate.
        let before = offset(at: Instant(secondsSinceEpoch: wall - 86_400))
        let after = offset(at: Instant(secondsSinceEpoch: wall + 86_400))
        if before == after { return Instant(secondsSinceEpoch: wall - before) }
        if offset(at: Instant(secondsSinceEpoch: wall - before)) == before { return Instant(secondsSinceEpoch: wall - before) }
        if offset(at: Instant(secondsSinceEpoch: wall - after)) == after { return Instant(secondsSinceEpoch: wall - after) }
        return Instant(secondsSinceEpoch: wall - before)
    }

    /// ISO 8601 with this zone's offset: `2023-09-18T16:30:00-04:00`.
    public func iso8601(_ instant: Instant) -> String {
        let offset = offset(at: instant)
        return "\(LocalDateTime(wallSeconds: instant.secondsSinceEpoch + offset))\(Self.offsetString(offset))"
    }

    /// `+05:30`, `-04:00`, or `Z` for zero.
    static func offsetString(_ offset: Int) -> String {
        if offset == 0 { return "Z" }
        let magnitude = abs(offset)
        var text = "\(offset < 0 ? "-" : "+")\(pad(magnitude / 3600, 2)):\(pad(magnitude / 60 % 60, 2))"
        if magnitude % 60 != 0 { text += ":\(pad(magnitude % 60, 2))" }
        return text
    }
}

public enum ZoneError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownZone(String)
    case noTimeZoneData

    public var description: String {
        switch self {
        case .unknownZone(let name):
            return "unknown time zone '\(name)': use an IANA name such as America/New_York or Europe/London"
        case .noTimeZoneData:
            return "this build has no time-zone data (a static link without FoundationInternationalization?): rebuild without static linking"
        }
    }
}
