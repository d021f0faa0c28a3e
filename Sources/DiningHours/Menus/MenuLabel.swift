/// `allergens` mixes diets ("Vegan") with allergens ("Milk"): the kind is decided here; unknown labels are `.other`.
public struct MenuLabel: Hashable, Sendable {
    public enum Kind: String, Sendable { case diet, allergen, other }
    public let kind: Kind
    public let label, name, tag: String

    public init(_ raw: String) {
        label = UntrustedText.singleLine(raw).trimmingSpaces
        (kind, tag, name) = Self.byFoldedLabel[VenueQuery.fold(label)] ?? (.other, label, Slug.of(label))
    }

    /// Penn's caterer's labels by folded label, each filter name made once: every item has labels (a hot path).
    private static let byFoldedLabel: [String: (kind: Kind, tag: String, name: String)] = Dictionary(([
        ("Vegan", .diet, "vegan"), ("Vegetarian", .diet, "vegetarian"), ("Halal", .diet, "halal"),
        ("Kosher", .diet, "kosher"), ("Seafood Watch", .diet, "seafood watch"), ("Humane", .diet, "humane"),
        ("Farm to Fork", .diet, "farm to fork"), ("In Balance", .diet, "in balance"),
        ("Made without Gluten-Containing Ingredients", .diet, "no gluten ingredients"),
        ("Wheat/Gluten", .allergen, "gluten"), ("Soy", .allergen, "soy"), ("Milk", .allergen, "milk"),
        ("Egg", .allergen, "egg"), ("Peanut", .allergen, "peanut"), ("Tree Nut", .allergen, "tree nut"),
        ("Fish", .allergen, "fish"), ("Shellfish", .allergen, "shellfish"), ("Sesame", .allergen, "sesame"),
    ] as [(String, Kind, String)]).map { (VenueQuery.fold($0.0), (kind: $0.1, tag: $0.2, name: Slug.of($0.2))) },
        uniquingKeysWith: { first, _ in first })

    /// A vegan dish is vegetarian (MENUS.md, "Implied labels"); nothing else is implied.
    public static func implied(by name: String) -> [String] { name == "vegan" ? ["vegetarian"] : [] }
    /// "Ask Us" in place of allergens: they are unknown.
    public var isAskUs: Bool { VenueQuery.fold(label) == "ask us" }
}
