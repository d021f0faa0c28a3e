/// Far above a day of every dining hall, far below what a hostile body could make venued hold.
public struct MenuLimits: Sendable, Equatable {
    public var values = 400_000
    public var menus = 400
    public var stationsPerMenu = 64
    public var itemsPerStation = 200
    public var labelsPerItem = 32
    public var ingredientsPerItem = 128
    public var nutritionFacts = 64
    public var textBytes = 512
    public var longTextBytes = 4_096
    public var warnings = 100
    public init() {}
    public static let standard = MenuLimits()
}
