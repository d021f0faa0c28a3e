/// Every meal the menus data holds, across venues and dates: what `menu` and `search --dish` ask. A value: the
/// instant is always a parameter.
public struct MenuBook: Sendable {
    /// By start, then venue id, then service.
    public let menus: [Menu]

    public init(_ menus: [Menu]) { self.menus = menus.sorted(by: Self.order) }

    /// The order of a book's and a menus document's meals.
    static func order(_ a: Menu, _ b: Menu) -> Bool {
        (a.start, a.venueID, a.service) < (b.start, b.venueID, b.service)
    }

    /// The dates the data files meals under, first to last; nil when it holds none.
    public var dates: ClosedRange<LocalDate>? {
        guard let first = menus.map(\.date).min(), let last = menus.map(\.date).max() else { return nil }
        return first...last
    }

    /// Each venue the menus name, once, by id (the first name the data gives it).
    public var venues: [(id: Int, name: String)] {
        var seen: Set<Int> = []
        return menus.filter { seen.insert($0.venueID).inserted }.map { ($0.venueID, $0.venueName) }.sorted { $0.id < $1.id }
    }

    public func meals(of venueID: Int, on date: LocalDate) -> [Menu] {
        menus.filter { $0.venueID == venueID && $0.date == date }
    }

    /// The meal being served at `t`, else the next one to start, whatever its date (MENUS.md, "The next meal"); of
    /// two served at `t`, the one that started first: it ends first.
    public func currentOrNext(of venueID: Int, at t: Instant) -> Menu? {
        menus.first { $0.venueID == venueID && t < $0.end }
    }

    /// The meal served at `t` and no other (`status --details`: a meal to come says nothing of the counters now);
    /// of two that overlap, the one that started first.
    public func served(by venueID: Int, at t: Instant) -> Menu? {
        menus.first { $0.venueID == venueID && $0.isServed(at: t) }
    }

    /// The venue's meal on `date` being served at `t`, else the next of that date; nil when all are over.
    public func currentOrNext(of venueID: Int, on date: LocalDate, at t: Instant) -> Menu? {
        meals(of: venueID, on: date).first { t < $0.end }
    }

    /// The sorted names of the labels of `kinds` the data uses: what a filter may name and its error lists.
    public func labelNames(_ kinds: Set<MenuLabel.Kind>) -> [String] {
        let labels = menus.flatMap(\.stations).flatMap(\.items).flatMap(\.labels)
        return Set(labels.filter { kinds.contains($0.kind) && !$0.isAskUs }.map(\.name)).sorted()
    }
}
