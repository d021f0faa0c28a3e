/// What a zone's clocks read between two changes: all a calendar's VTIMEZONE needs (DAYLIGHT or STANDARD,
/// TZOFFSETTO, TZNAME); `abbreviation` is nil only when the zone data gives none (`-03` counts as one).
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
