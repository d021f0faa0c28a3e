/// One meal of one venue on one date as Penn's menus API serves it, cleaned by construction: every text is one
/// line (`UntrustedText.singleLine`), times are instants, empty stations are gone.
public struct Menu: Sendable, Equatable {
    /// `venue.venue_id`: the venues feed's `id`.
    public let venueID: Int
    public let venueName: String
    /// The date the data files the meal under (its `date`), even when the meal runs past midnight.
    public let date: LocalDate
    public let service: String
    public let start: Instant
    /// After `start`: an end written earlier than the start is on the next date (MENUS.md).
    public let end: Instant
    public let stations: [Station]

    public init(venueID: Int, venueName: String, date: LocalDate, service: String, start: Instant, end: Instant,
                stations: [Station]) {
        self.venueID = venueID
        self.venueName = UntrustedText.singleLine(venueName)
        self.date = date
        self.service = UntrustedText.singleLine(service)
        self.start = start
        self.end = end
        self.stations = stations.filter { !$0.items.isEmpty }
    }

    /// Half-open, as the venues' intervals are: served from `start`, over at `end`.
    public func isServed(at t: Instant) -> Bool { start <= t && t < end }

    public func keeping(_ keep: (MenuItem) -> Bool) -> Menu {
        Menu(venueID: venueID, venueName: venueName, date: date, service: service, start: start, end: end,
             stations: stations.map { Station(name: $0.name, items: $0.items.filter(keep)) })
    }
}

/// A counter of a dining hall ("grill", "salad bar") and what it serves at one meal.
public struct Station: Sendable, Equatable {
    public let name: String
    public let items: [MenuItem]

    public init(name: String, items: [MenuItem]) {
        self.name = UntrustedText.singleLine(name)
        self.items = items
    }
}

public struct MenuItem: Sendable, Equatable {
    /// `item_id`; nil when the data gives none (the item is still shown).
    public let id: Int?
    public let name: String
    public let description: String
    /// The comma-separated `ingredients`, each once, in the order of first mention.
    public let ingredients: [String]
    /// Diet labels, allergens and unknown labels, each once, in the data's order.
    public let labels: [MenuLabel]
    public let nutrition: Nutrition

    public init(id: Int?, name: String, description: String, ingredients: [String], labels: [MenuLabel],
                nutrition: Nutrition) {
        var seenIngredients: Set<String> = [], seenLabels: Set<MenuLabel> = []
        self.id = id
        self.name = UntrustedText.singleLine(name)
        self.description = UntrustedText.singleLine(description)
        self.ingredients = ingredients.map { UntrustedText.singleLine($0).trimmingSpaces }
            .filter { !$0.isEmpty && seenIngredients.insert($0).inserted }
        self.labels = labels.filter { seenLabels.insert($0).inserted }
        self.nutrition = nutrition.cleaned
    }

    /// Whether the caterer said anything of its allergens: no labels at all, or "Ask Us", is unknown, never free of
    /// an allergen (MENUS.md, "Unknown is not safe").
    public var allergensKnown: Bool { !labels.isEmpty && !labels.contains(where: \.isAskUs) }

    public func labels(_ kind: MenuLabel.Kind) -> [MenuLabel] { labels.filter { $0.kind == kind } }
}

/// `nutrition_info`: usually an object of strings with units ("3.9oz", "< 1g"), kept as written since the
/// caterer's units vary; sometimes one string. `MenuItem` makes its text one line.
public enum Nutrition: Sendable, Equatable {
    case none
    case text(String)
    case facts([(name: String, value: String)])

    var cleaned: Nutrition {
        func clean(_ text: String) -> String { UntrustedText.singleLine(text).trimmingSpaces }
        switch self {
        case .none: return .none
        case .text(let text): return clean(text).isEmpty ? .none : .text(clean(text))
        case .facts(let facts):
            return facts.isEmpty ? .none : .facts(facts.map { (name: clean($0.name), value: clean($0.value)) })
        }
    }

    public static func == (a: Nutrition, b: Nutrition) -> Bool {
        switch (a, b) {
        case (.none, .none): return true
        case (.text(let x), .text(let y)): return x == y
        case (.facts(let x), .facts(let y)): return x.count == y.count && zip(x, y).allSatisfy { $0 == $1 }
        default: return false
        }
    }
}
