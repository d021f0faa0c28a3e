public struct DishSearch: Sendable {
    public struct Hit: Sendable {
        public let menu: Menu
        public let item: MenuItem
        public let match: VenueSearch.Match
    }

    private let search: VenueSearch
    public init(_ query: String) { search = VenueSearch(query) }

    /// By start, then match, then venue and dish name; a dish at two stations of one meal is one hit.
    public func hits(in menus: [Menu]) -> [Hit] {
        menus.flatMap { menu in
            var seen: Set<String> = []
            return menu.stations.flatMap(\.items).compactMap { item -> (hit: Hit, name: String)? in
                let name = NameKey(item.name)
                guard let match = search.match(name), seen.insert(name.text).inserted else { return nil }
                return (Hit(menu: menu, item: item, match: match), name.text)
            }
        }.sorted {
            ($0.hit.menu.start, $0.hit.match, $0.hit.menu.venueID, $0.name)
                < ($1.hit.menu.start, $1.hit.match, $1.hit.menu.venueID, $1.name)
        }.map(\.hit)
    }
}
