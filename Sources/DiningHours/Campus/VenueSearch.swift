/// Venues ranked by how well their id or name answers a query: `venuectl search`, and the one notion of "this
/// names a venue" that every VENUE argument (`matches`) and "did you mean" (`suggestions`) use. Names compare
/// as `NameKey`s. Tiers, best first: exact (id or whole name), prefix, word prefix (each query word starts a
/// name word, any order), substring, and similar: each word a few typos from a name word or its beginning.
public struct VenueSearch: Sendable {
    public enum Match: Sendable, Comparable {
        case exact
        case prefix
        case wordPrefix
        case substring
        case similar(distance: Int)
    }

    public struct Hit: Sendable {
        public let venue: Venue
        public let match: Match
    }

    public let query: String
    private let key: NameKey

    public init(_ query: String) {
        self.query = query
        self.key = NameKey(query)
    }

    /// Longer than any venue name by far: such a query names nothing and is answered so without comparing it,
    /// since venued answers on its one loop thread.
    public static let longestQuery = 256

    /// Every venue the query reaches, best first; within a tier by name, then id.
    public func hits(in venues: [Venue]) -> [Hit] {
        guard !key.text.isEmpty, query.utf8.count <= Self.longestQuery else { return [] }
        // An id names its venue alone, with no name folded (bars and prompts name venues by id every second).
        if let id = Int(key.text), let venue = venues.first(where: { $0.id == id }) { return [Hit(venue: venue, match: .exact)] }
        let ranked = venues.compactMap { venue -> (hit: Hit, name: String)? in
            let name = NameKey(venue.name)
            return match(venue, name).map { (Hit(venue: venue, match: $0), name.text) }
        }
        return ranked
            .sorted { ($0.hit.match, $0.name, $0.hit.venue.id) < ($1.hit.match, $1.name, $1.hit.venue.id) }
            .map(\.hit)
    }

    /// The venues the query names: its exact matches when there are any, else every prefix, word-prefix or
    /// substring match. Typo matches are never taken as a name: they are `suggestions`.
    public func matches(in venues: [Venue]) -> [Venue] {
        let named = hits(in: venues).filter { $0.match <= .substring }
        let exact = named.filter { $0.match == .exact }
        return (exact.isEmpty ? named : exact).map(\.venue)
    }

    /// Up to `limit` names close to a query that names nothing, closest first.
    public func suggestions(in venues: [Venue], limit: Int = 3) -> [String] {
        hits(in: venues).prefix(limit).map(\.venue.name)
    }

    private func match(_ venue: Venue, _ name: NameKey) -> Match? {
        key.text == String(venue.id) ? .exact : match(name)
    }

    /// How well the query answers a name alone: the one fuzzy match, for venues and dishes (`DishSearch`).
    func match(_ name: NameKey) -> Match? {
        guard let match = literalMatch(name) else {
            return key.text.isEmpty || query.utf8.count > Self.longestQuery ? nil : similarity(to: name).map { .similar(distance: $0) }
        }
        return match
    }

    /// The tiers without typos: what a followed dish is matched by, and the cheap part of `match`.
    func literalMatch(_ name: NameKey) -> Match? {
        guard !key.text.isEmpty, query.utf8.count <= Self.longestQuery else { return nil }
        if key.text == name.text { return .exact }
        if name.text.hasPrefix(key.text) { return .prefix }
        if key.words.allSatisfy({ word in name.words.contains { $0.hasPrefix(word) } }) { return .wordPrefix }
        if name.text.contains(key.text) { return .substring }
        return nil
    }

    /// The summed distance of each query word to its closest name word or that word's beginning, nil when one is
    /// too far; the query without spaces is also held against the name without them ("1920commons").
    private func similarity(to name: NameKey) -> Int? {
        var total = 0
        for word in key.words {
            let allowed = Self.allowedTypos(word)
            let best = name.words.compactMap { nameWord in
                [Self.distance(word, nameWord, within: allowed), Self.distance(word, String(nameWord.prefix(word.count)), within: allowed)]
                    .compactMap { $0 }.min()
            }.min()
            guard let best else { total = Int.max; break }
            total += best
        }
        let joined = key.words.joined()
        let whole = Self.distance(joined, name.words.joined(), within: Self.allowedTypos(joined)) ?? Int.max
        let best = min(total, whole)
        return best == Int.max ? nil : best
    }

    /// The edit distance of `a` and `b` when at most `allowed`, else nil; lengths too far apart rule it out
    /// without the quadratic comparison, so a 16 KB query costs what a short one does on venued's loop.
    private static func distance(_ a: String, _ b: String, within allowed: Int) -> Int? {
        guard abs(a.count - b.count) <= allowed else { return nil }
        let distance = Spelling.distance(Array(a), Array(b))
        return distance <= allowed ? distance : nil
    }

    /// One typo per four letters; none below three letters, where any word is close.
    public static func allowedTypos(_ word: String) -> Int {
        word.count < 3 ? 0 : max(1, word.count / 4)
    }
}
