/// How well a venue's id or name answers a query: `venuectl search`, every VENUE argument and "did you mean".
public struct VenueSearch: Sendable {
    public enum Match: Sendable, Comparable {
        case exact, prefix, wordPrefix, substring
        case similar(distance: Int)
    }

    public struct Hit: Sendable {
        public let venue: Venue
        public let match: Match
    }

    public let query: String
    private let key: NameKey
    /// Longer than any venue name: such a query names nothing without comparing it, on venued's one loop thread.
    public static let longestQuery = 256
    private var canName: Bool { !key.text.isEmpty && query.utf8.count <= Self.longestQuery }
    public init(_ query: String) { (self.query, key) = (query, NameKey(query)) }

    public func hits(in venues: [Venue]) -> [Hit] {
        guard canName else { return [] }
        // An id names its venue alone, with no name folded (bars and prompts name venues by id every second).
        if let id = Int(key.text), let venue = venues.first(where: { $0.id == id }) {
            return [Hit(venue: venue, match: .exact)]
        }
        return venues.compactMap { venue -> (hit: Hit, name: String)? in
            let name = NameKey(venue.name)
            let match = key.text == String(venue.id) ? .exact : match(name)
            return match.map { (Hit(venue: venue, match: $0), name.text) }
        }.sorted { ($0.hit.match, $0.name, $0.hit.venue.id) < ($1.hit.match, $1.name, $1.hit.venue.id) }.map(\.hit)
    }

    /// Exact matches when there are any, else every literal match: typo matches are only `suggestions`.
    public func matches(in venues: [Venue]) -> [Venue] {
        let named = hits(in: venues).filter { $0.match <= .substring }
        let exact = named.filter { $0.match == .exact }
        return (exact.isEmpty ? named : exact).map(\.venue)
    }

    public func suggestions(in venues: [Venue], limit: Int = 3) -> [String] {
        hits(in: venues).prefix(limit).map(\.venue.name)
    }

    func match(_ name: NameKey) -> Match? {
        literalMatch(name) ?? (canName ? similarity(to: name).map { .similar(distance: $0) } : nil)
    }

    /// The tiers without typos: what a followed dish is matched by (an alert interrupts; "pita" is not "pizza").
    func literalMatch(_ name: NameKey) -> Match? {
        guard canName else { return nil }
        if key.text == name.text { return .exact }
        if name.text.hasPrefix(key.text) { return .prefix }
        if key.words.allSatisfy({ word in name.words.contains { $0.hasPrefix(word) } }) { return .wordPrefix }
        if name.text.contains(key.text) { return .substring }
        return nil
    }

    private func similarity(to name: NameKey) -> Int? {
        var total = 0
        for word in key.words where total != .max {
            let allowed = Self.allowedTypos(word)
            let best = name.words.compactMap { nameWord in
                [nameWord, String(nameWord.prefix(word.count))]
                    .compactMap { Spelling.distance(Array(word), Array($0), within: allowed) }.min()
            }.min()
            total = best.map { total + $0 } ?? .max
        }
        let joined = key.words.joined()
        let whole = Spelling.distance(Array(joined), Array(name.words.joined()), within: Self.allowedTypos(joined))
        let best = min(total, whole ?? .max)
        return best == .max ? nil : best
    }

    public static func allowedTypos(_ word: String) -> Int { word.count < 3 ? 0 : max(1, word.count / 4) }
}
