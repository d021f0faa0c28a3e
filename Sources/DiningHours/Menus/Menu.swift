/// One meal of one venue on one date, cleaned by construction: one-line texts, instants, no empty station.
public struct Menu: Sendable, Equatable {
    public let venueID: Int
    public let venueName: String
    /// The date the data files the meal under, even when the meal runs past midnight.
    public let date: LocalDate
    public let service: String
    public let start, end: Instant
    public let stations: [Station]

    public init(venueID: Int, venueName: String, date: LocalDate, service: String, start: Instant, end: Instant,
                stations: [Station]) {
        (self.venueID, self.date, self.start, self.end) = (venueID, date, start, end)
        self.venueName = UntrustedText.singleLine(venueName)
        self.service = UntrustedText.singleLine(service)
        self.stations = stations.filter { !$0.items.isEmpty }
    }

    public func isServed(at t: Instant) -> Bool { start <= t && t < end }

    public func keeping(_ keep: (MenuItem) -> Bool) -> Menu {
        Menu(venueID: venueID, venueName: venueName, date: date, service: service, start: start, end: end,
             stations: stations.map { Station(name: $0.name, items: $0.items.filter(keep)) })
    }
}

public struct Station: Sendable, Equatable {
    public let name: String
    public let items: [MenuItem]
    public init(name: String, items: [MenuItem]) { (self.name, self.items) = (UntrustedText.singleLine(name), items) }
}

public struct MenuItem: Sendable, Equatable {
    public let id: Int?
    public let name, description: String
    public let ingredients: [String]
    public let labels: [MenuLabel]
    public let nutrition: Nutrition

    public init(id: Int?, name: String, description: String, ingredients: [String], labels: [MenuLabel],
                nutrition: Nutrition) {
        var seenIngredients: Set<String> = [], seenLabels: Set<MenuLabel> = []
        (self.id, self.nutrition) = (id, nutrition.cleaned)
        (self.name, self.description) = (UntrustedText.singleLine(name), UntrustedText.singleLine(description))
        self.ingredients = ingredients.map { UntrustedText.singleLine($0).trimmingSpaces }
            .filter { !$0.isEmpty && seenIngredients.insert($0).inserted }
        self.labels = labels.filter { seenLabels.insert($0).inserted }
    }

    /// No labels at all, or "Ask Us", is unknown, never free of an allergen (MENUS.md, "Unknown is not safe").
    public var allergensKnown: Bool { !labels.isEmpty && !labels.contains(where: \.isAskUs) }
    public func labels(_ kind: MenuLabel.Kind) -> [MenuLabel] { labels.filter { $0.kind == kind } }
}

/// Kept as written ("3.9oz", "< 1g"): the caterer's units vary.
public enum Nutrition: Sendable, Equatable {
    case none
    case text(String)
    case facts([(name: String, value: String)])

    var cleaned: Nutrition {
        func clean(_ text: String) -> String { UntrustedText.singleLine(text).trimmingSpaces }
        switch self {
        case .none: return .none
        case .text(let text): return clean(text).isEmpty ? .none : .text(clean(text))
        case .facts(let facts): return facts.isEmpty ? .none : .facts(facts.map { (clean($0.name), clean($0.value)) })
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
