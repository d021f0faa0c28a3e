/// What a calendar's VTIMEZONE needs; `abbreviation` is nil only when the zone data gives none.
public struct Observance: Sendable, Hashable {
    public let offset: Int
    public let isDaylight: Bool
    public let abbreviation: String?

    public init(offset: Int, isDaylight: Bool, abbreviation: String?) {
        (self.offset, self.isDaylight, self.abbreviation) = (offset, isDaylight, abbreviation)
    }
}

public struct ZoneTransition: Sendable, Hashable {
    public let at: Instant
    public let before, after: Observance
}
