/// The dishes a person follows (MENUS.md, "Followed dishes"); pure, so pushes, prompts and tests agree.
public struct FollowedDishes: Sendable, Equatable {
    public let names: [String]
    public let lead: Int
    /// A bound on what a request can make venued compare.
    public static let limit = 32
    public static let nameLimit = 100
    public static let defaultLeadMinutes = 30
    /// At the start itself the meal is under way, and nothing is said.
    public static let leadMinutes = 1...720

    public init(_ names: [String], leadMinutes: Int = defaultLeadMinutes) {
        var seen: Set<String> = []
        self.names = names.prefix(Self.limit)
            .map { FeedDecoder.cut(UntrustedText.singleLine($0).trimmingSpaces, Self.nameLimit).trimmingSpaces }
            .filter { !NameKey($0).text.isEmpty && seen.insert(NameKey($0).text).inserted }
        lead = min(max(leadMinutes, Self.leadMinutes.lowerBound), Self.leadMinutes.upperBound) * 60
    }

    public var isEmpty: Bool { names.isEmpty }
    public func follows(_ dish: String) -> Bool { position(of: dish) != nil }

    public func position(of dish: String) -> Int? {
        let key = NameKey(dish).text
        return names.firstIndex { NameKey($0).text == key }
    }

    /// Announced from `announceAt` until the meal starts, never after: a machine resuming past the start says nothing.
    public struct Alert: Sendable, Equatable {
        public let followed, dish: String
        public let menu: Menu
        public let announceAt: Instant
        /// A follower told once is not told again, whatever new data says.
        public var key: String { "\(menu.venueID)|\(menu.date)|\(menu.service)|\(NameKey(followed).text)" }
    }

    public func alerts(in index: DishIndex, at now: Instant) -> (due: [Alert], next: Instant?) {
        guard !names.isEmpty else { return ([], nil) }
        let searches = names.map { ($0, VenueSearch($0)) }
        var due: [Alert] = []
        for (menu, dishes) in zip(index.menus, index.dishes) where now < menu.start {
            let announceAt = menu.start - lead
            for (name, search) in searches {
                let matches = dishes.compactMap { dish in search.literalMatch(dish.key).map { (dish.name, $0) } }
                guard let best = matches.min(by: { $0.1 < $1.1 }) else { continue }
                // Menus are by start, so the first match still to be announced is the next one.
                guard announceAt <= now else { return (due, announceAt) }
                due.append(Alert(followed: name, dish: best.0, menu: menu, announceAt: announceAt))
            }
        }
        return (due, nil)
    }
}
