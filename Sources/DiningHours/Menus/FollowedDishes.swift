/// The dishes a person follows, and when each is worth saying: a meal that serves one starts within `lead`
/// seconds (docs/MENUS.md, "Followed dishes"). Pure, so venued's pushes, the prompt files and the tests'
/// virtual clock ask the same question. Matched as `search --dish` matches but without its typo tier: an
/// alert interrupts, and "pita" is not "pizza".
public struct FollowedDishes: Sendable, Equatable {
    /// The names as followed: cleaned, cut to `nameLimit`, trimmed, a repeat once.
    public let names: [String]
    /// Seconds before a meal starts that it is announced.
    public let lead: Int

    /// More than anyone follows; a bound on what a request can make venued compare.
    public static let limit = 32
    /// Longer than any dish name in Penn's data.
    public static let nameLimit = 100
    /// Half an hour: time to walk across campus and queue.
    public static let defaultLeadMinutes = 30
    /// From a minute (at the start itself the meal is under way, and nothing is said)
    /// up to half a day ahead: "lunch serves it" said at breakfast.
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

    /// Where `dish` is in `names`, case, accents and punctuation aside.
    public func position(of dish: String) -> Int? {
        let key = NameKey(dish).text
        return names.firstIndex { NameKey($0).text == key }
    }

    /// One meal that serves a followed dish, to be announced from `announceAt` until the
    /// meal starts, and never after: a machine that resumes past the start says nothing.
    public struct Alert: Sendable, Equatable {
        public let followed: String
        /// The matching dish's name as the menu writes it (the best match of the meal).
        public let dish: String
        public let menu: Menu
        public let announceAt: Instant

        /// What makes two alerts the same one: a meal of a venue on a date, and the dish
        /// followed. A follower told once is not told again, whatever new data says.
        public var key: String { "\(menu.venueID)|\(menu.date)|\(menu.service)|\(NameKey(followed).text)" }
    }

    /// The alerts due at `now` (announced from their instant, meal not started yet), by
    /// start; and the next instant one comes due, nil when none will in `index`.
    public func alerts(in index: DishIndex, at now: Instant) -> (due: [Alert], next: Instant?) {
        guard !names.isEmpty else { return ([], nil) }
        let searches = names.map { ($0, VenueSearch($0)) }
        var due: [Alert] = []
        for (menu, dishes) in zip(index.menus, index.dishes) where now < menu.start {
            let announceAt = menu.start - lead
            for (name, search) in searches {
                let matches = dishes.compactMap { dish in search.literalMatch(dish.key).map { (dish.name, $0) } }
                guard let best = matches.min(by: { $0.1 < $1.1 }) else { continue }
                // Menus are by start, and so by announcement: the first match still to be
                // announced is the next one, and nothing after it is due yet.
                guard announceAt <= now else { return (due, announceAt) }
                due.append(Alert(followed: name, dish: best.0, menu: menu, announceAt: announceAt))
            }
        }
        return (due, nil)
    }
}
