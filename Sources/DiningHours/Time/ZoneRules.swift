/// The offset rules of one IANA zone, and the one place where wall clocks become instants.
///
/// Built from the zone's compiled tz database file (`TZif`), which the caller reads: the
/// engine does no I/O. Every transition to 2100 is kept in one sorted table, looked up
/// by binary search (a status bar asks thousands of offsets); later instants follow the
/// file's closing POSIX rule.
public struct ZoneRules: Sendable {
    public let identifier: String
    /// `transitions[i]` is the first second at which `offsets[i + 1]` applies.
    private let transitions: [Int]
    /// `offsets[0]` applies before the first transition.
    private let offsets: [Int]
    private let rule: PosixTZ?

    private static let tableLimit = 4_102_444_800    // 2100-01-01
    private static let ruleStart = -2_208_988_800    // 1900-01-01

    /// `tzif` is the zone's file from the tz database (e.g. /usr/share/zoneinfo/America/New_York).
    public init(identifier: String, tzif: [UInt8]) throws(ZoneError) {
        let file: TZif
        do { file = try TZif(parsing: tzif) } catch { throw .corruptZoneFile(identifier, reason: error.reason) }
        var transitions: [Int] = []
        var offsets = [file.initialOffset]
        func append(_ at: Int, _ offset: Int) {
            guard offset != offsets[offsets.count - 1] else { return }
            transitions.append(at)
            offsets.append(offset)
        }
        for (at, offset) in file.transitions where at < Self.tableLimit { append(at, offset) }
        if let rule = file.rule {
            let last = file.transitions.last?.at ?? Self.tableLimit
            // A damaged file may put its last transition at any 64-bit second: the rule's
            // years start no earlier than 1900, so the loop stays short and in range.
            let firstYear = LocalDateTime(wallSeconds: min(max(last, Self.ruleStart), Self.tableLimit)).date.components.year
            for year in firstYear...2100 {
                for (at, offset) in rule.transitions(year: year) where at > last && at < Self.tableLimit { append(at, offset) }
            }
        }
        self.identifier = identifier
        self.transitions = transitions
        self.offsets = offsets
        self.rule = file.rule
    }

    /// Seconds east of UTC at `instant`.
    public func offset(at instant: Instant) -> Int {
        let t = instant.secondsSinceEpoch
        if t >= Self.tableLimit, let rule { return rule.offset(at: t) }
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

    /// The instant a wall clock shows `local`, by the **earlier offset** rule (HOURS.md §2.5):
    /// a time that occurs twice is its first occurrence; a time skipped by a gap is read
    /// with the offset in force before the gap, so it lands one gap-length later. This is
    /// the disambiguation jiff and Temporal call `compatible` (Python's `fold=0`,
    /// java.time's default): the same rule under another name, not a different one.
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
    /// There is no tz database where the system keeps it.
    case noTimeZoneData(directory: String)
    case corruptZoneFile(String, reason: String)

    /// A fault of the machine rather than of the request: exit 70, not a usage error.
    public var isEnvironment: Bool {
        if case .unknownZone = self { return false }
        return true
    }

    public var description: String {
        switch self {
        case .unknownZone(let name):
            return "unknown time zone '\(name)': use an IANA name such as America/New_York or Europe/London"
        case .noTimeZoneData(let directory):
            return "no time-zone data in \(directory): install Debian's tzdata package (or set TZDIR)"
        case .corruptZoneFile(let name, let reason):
            return "the time-zone file of \(name) is damaged (\(reason)): reinstall Debian's tzdata package"
        }
    }
}
