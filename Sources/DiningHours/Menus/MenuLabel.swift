/// One label of an item's `allergens` string, which mixes diet and sourcing labels ("Vegan", "Farm to Fork")
/// with allergens ("Milk"). They mean opposite things to a filter, so the kind is decided here, once, from
/// Bon Appétit's list (`cor_icon` ids below 250 are diets); a label not on it is kept verbatim as `.other`,
/// shown and never taken for either kind.
public struct MenuLabel: Hashable, Sendable {
    public enum Kind: String, Sendable {
        case diet, allergen, other
    }

    public let kind: Kind
    /// As the data writes it, one line (`UntrustedText.singleLine`).
    public let label: String
    /// What a filter names it by (`vegan`, `gluten`, `tree-nut`): the slug of the short tag.
    public let name: String
    /// The short readable tag of text output (`gluten`, `farm to fork`).
    public let tag: String

    public init(_ raw: String) {
        let label = UntrustedText.singleLine(raw).trimmingSpaces
        self.label = label
        if let known = Self.byFoldedLabel[VenueQuery.fold(label)] {
            (kind, tag, name) = (known.kind, known.tag, known.name)
        } else {
            (kind, tag, name) = (.other, label, Slug.of(label))
        }
    }

    /// The labels Penn's caterer uses, with their short tags ("Wheat/Gluten" is `gluten`, the word people filter by).
    static let known: [(label: String, kind: Kind, tag: String)] = [
        ("Vegan", .diet, "vegan"), ("Vegetarian", .diet, "vegetarian"), ("Halal", .diet, "halal"),
        ("Kosher", .diet, "kosher"), ("Seafood Watch", .diet, "seafood watch"), ("Humane", .diet, "humane"),
        ("Farm to Fork", .diet, "farm to fork"), ("In Balance", .diet, "in balance"),
        ("Made without Gluten-Containing Ingredients", .diet, "no gluten ingredients"),
        ("Wheat/Gluten", .allergen, "gluten"), ("Soy", .allergen, "soy"), ("Milk", .allergen, "milk"),
        ("Egg", .allergen, "egg"), ("Peanut", .allergen, "peanut"), ("Tree Nut", .allergen, "tree nut"),
        ("Fish", .allergen, "fish"), ("Shellfish", .allergen, "shellfish"), ("Sesame", .allergen, "sesame"),
    ]

    /// `known` by folded label, each filter name made once: every item has labels, so this is the decoder's hot path.
    private static let byFoldedLabel: [String: (kind: Kind, tag: String, name: String)] = Dictionary(
        known.map { (VenueQuery.fold($0.label), (kind: $0.kind, tag: $0.tag, name: Slug.of($0.tag))) }, uniquingKeysWith: { first, _ in first })

    /// The diet names a label also answers for (MENUS.md, "Implied labels"): a vegan dish is vegetarian. Nothing else
    /// is implied: halal says nothing of vegetarian, and no label says anything of an allergen.
    public var implies: [String] { Self.implied(by: name) }

    public static func implied(by name: String) -> [String] { name == "vegan" ? ["vegetarian"] : [] }

    /// "Ask Us" (in any case) in place of allergens: the item's allergens are unknown, as if the field were empty.
    public var isAskUs: Bool { VenueQuery.fold(label) == "ask us" }
}
