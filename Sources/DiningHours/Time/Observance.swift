/// What a zone's clocks read between two changes: the offset, whether the zone counts
/// it as daylight saving time, and its abbreviation when the zone data gives one (the
/// tz database writes `-03` where no abbreviation is in use). A calendar's VTIMEZONE
/// needs all three (DAYLIGHT or STANDARD, TZOFFSETTO, TZNAME); the engine itself
/// computes with offsets alone.
public struct Observance: Sendable, Hashable {
    /// Seconds east of UTC.
    public let offset: Int
    public let isDaylight: Bool
    public let abbreviation: String?

    public init(offset: Int, isDaylight: Bool, abbreviation: String?) {
        self.offset = offset
        self.isDaylight = isDaylight
        self.abbreviation = abbreviation
    }
}

/// A change of a zone's offset: `after` applies from `at` on, `before` until the second before.
public struct ZoneTransition: Sendable, Hashable {
    public let at: Instant
    public let before: Observance
    public let after: Observance
}
