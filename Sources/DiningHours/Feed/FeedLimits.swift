/// Far above a real week of Penn data, far below what a hostile 4 MB body could make the daemon hold.
public struct FeedLimits: Sendable, Equatable {
    public var values = 100_000
    public var venues = 500
    public var daysPerVenue = 400
    public var daypartsPerDay = 32
    public var textBytes = 512
    public var messageBytes = 4_096
    public var warnings = 100
    /// A day further than this from the feed's median date is an outlier (a typo'd year), not coverage.
    public var outlierDays = 366
    public init() {}
    public static let standard = FeedLimits()
}
