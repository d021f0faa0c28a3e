/// `--diet` and `--without`: an item whose allergens are unknown never passes `--without`; it is counted.
public struct MenuFilter: Sendable, Equatable {
    public let diets, allergens: [String]
    public var isEmpty: Bool { diets.isEmpty && allergens.isEmpty }

    /// A word the data never uses is an error (it would pass every dish); with no menus there is nothing to check.
    public init(diets: [String], allergens: [String], in book: MenuBook) throws(MenuFilterError) {
        self.diets = try Self.names(diets, kinds: [.diet, .other], in: book, flag: "--diet")
        self.allergens = try Self.names(allergens, kinds: [.allergen, .other], in: book, flag: "--without")
    }

    public static let none = MenuFilter()
    private init() { (diets, allergens) = ([], []) }
    static let aliases = ["wheat": "gluten", "wheat-gluten": "gluten", "dairy": "milk"]

    private static func names(_ words: [String], kinds: Set<MenuLabel.Kind>, in book: MenuBook, flag: String) throws(MenuFilterError) -> [String] {
        let known = book.labelNames(kinds)
        let implied = kinds.contains(.diet) ? Set(known.flatMap(MenuLabel.implied(by:))).subtracting(known) : []
        var names: [String] = []
        for word in words {
            let slug = Slug.of(word)
            guard !slug.isEmpty else { continue }
            let candidates = [aliases[slug] ?? slug] + (slug.hasSuffix("s") ? [String(slug.dropLast())] : [])
            guard let name = candidates.first(where: { known.contains($0) || implied.contains($0) }) else {
                if book.menus.isEmpty { names.append(slug); continue }
                throw .unknownName(flag: flag, name: word, known: (known + implied).sorted())
            }
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    public func meetsDiets(_ item: MenuItem) -> Bool {
        diets.allSatisfy(Set(item.labels.flatMap { [$0.name] + MenuLabel.implied(by: $0.name) }).contains)
    }

    public func apply(to menu: Menu) -> (menu: Menu, unknown: [MenuItem]) {
        var unknown: [MenuItem] = []
        let kept = menu.keeping { item in
            guard meetsDiets(item) else { return false }
            guard !allergens.isEmpty else { return true }
            guard item.allergensKnown else {
                unknown.append(item)
                return false
            }
            return !item.labels.contains { allergens.contains($0.name) }
        }
        return (kept, unknown)
    }
}

public enum MenuFilterError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownName(flag: String, name: String, known: [String])

    public var description: String {
        switch self {
        case .unknownName(let flag, let name, let known):
            let list = known.isEmpty ? "the menus use none of that kind" : "the menus use \(known.joined(separator: ", "))"
            return "\(flag) '\(UntrustedText.escaped(name))' is not a label of these menus: \(list)"
        }
    }
}
