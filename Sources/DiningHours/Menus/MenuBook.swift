public struct MenuBook: Sendable {
    public let menus: [Menu]
    public init(_ menus: [Menu]) { self.menus = menus.sorted(by: Self.order) }

    static func order(_ a: Menu, _ b: Menu) -> Bool {
        (a.start, a.venueID, a.service) < (b.start, b.venueID, b.service)
    }

    public var dates: ClosedRange<LocalDate>? {
        guard let first = menus.map(\.date).min(), let last = menus.map(\.date).max() else { return nil }
        return first...last
    }

    public var venues: [(id: Int, name: String)] {
        var seen: Set<Int> = []
        return menus.filter { seen.insert($0.venueID).inserted }.map { ($0.venueID, $0.venueName) }.sorted { $0.id < $1.id }
    }

    public func meals(of venueID: Int, on date: LocalDate) -> [Menu] {
        menus.filter { $0.venueID == venueID && $0.date == date }
    }

    /// Of two served at `t`, the one that started first: it ends first.
    public func currentOrNext(of venueID: Int, at t: Instant) -> Menu? {
        menus.first { $0.venueID == venueID && t < $0.end }
    }

    /// `status --details`: a meal to come says nothing of the counters now.
    public func served(by venueID: Int, at t: Instant) -> Menu? {
        menus.first { $0.venueID == venueID && $0.isServed(at: t) }
    }

    public func currentOrNext(of venueID: Int, on date: LocalDate, at t: Instant) -> Menu? {
        meals(of: venueID, on: date).first { t < $0.end }
    }

    public func labelNames(_ kinds: Set<MenuLabel.Kind>) -> [String] {
        let labels = menus.flatMap(\.stations).flatMap(\.items).flatMap(\.labels)
        return Set(labels.filter { kinds.contains($0.kind) && !$0.isAskUs }.map(\.name)).sorted()
    }
}
