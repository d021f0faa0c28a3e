/// How much of a menus body the decoder keeps: far above a day of every dining hall with all its dishes, and
/// far below what a hostile body could make venued hold.
public struct MenuLimits: Sendable, Equatable {
    /// JSON values in the whole document.
    public var values = 400_000
    /// Meals in one document.
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
