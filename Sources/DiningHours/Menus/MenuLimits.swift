/// How much of a menus body the decoder keeps. The real body for one day of 1920 Commons
/// is 18 KB: 3 meals, 14 stations a meal at most, 7 items a station, 11 nutrition facts
/// an item, 913 JSON values, with 22 of the 133 dishes its upstream names. A day of every
/// dining hall with all its dishes would be some twenty times that. The limits sit far
/// above it and far below what a hostile body could make venued hold.
public struct MenuLimits: Sendable, Equatable {
    /// JSON values in the whole document.
    public var values = 400_000
    /// Meals in one document (a day of every Penn venue is under 60).
    public var menus = 400
    public var stationsPerMenu = 64
    public var itemsPerStation = 200
    public var labelsPerItem = 32
    public var ingredientsPerItem = 128
    public var nutritionFacts = 64
    /// Names, labels, services and nutrition values are cut to this many bytes.
    public var textBytes = 512
    /// Descriptions and ingredient lists are cut to this many bytes.
    public var longTextBytes = 4_096
    /// Warnings kept word for word; the rest are only counted.
    public var warnings = 100

    public init() {}

    public static let standard = MenuLimits()
}
