/// How much of a feed the decoder keeps: far above a real week of Penn data and far below what a hostile 4 MB
/// body could make the daemon hold, so that decoding costs in proportion to what is kept.
public struct FeedLimits: Sendable, Equatable {
    /// JSON values in the whole document.
    public var values = 100_000
    public var venues = 500
    /// About a year and a month of dates per venue.
    public var daysPerVenue = 400
    public var daypartsPerDay = 32
    /// Names, addresses, labels and image URLs are cut to this many bytes.
    public var textBytes = 512
    /// A daypart's free-text message is cut to this many bytes.
    public var messageBytes = 4_096
    /// Warnings kept word for word; the rest are only counted.
    public var warnings = 100
    /// A day dated further than this from the middle of the feed's dates is an outlier
    /// (a typo'd year, a placeholder like 2099-12-31), not coverage: it is skipped.
    public var outlierDays = 366

    public init() {}

    public static let standard = FeedLimits()
}
