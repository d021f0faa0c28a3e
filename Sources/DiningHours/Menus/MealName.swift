/// `--meal NAME`: a whole name wins over a prefix; a prefix must name one meal (`l` is not Lunch or Late Night).
public enum MealName {
    public enum Mismatch: Error, Equatable, Sendable {
        case unknown(name: String, known: [String])
        case ambiguous(name: String, matches: [String])
    }

    /// Empty only when `meals` is: a date without data is not the name's fault.
    public static func select(_ name: String, among meals: [Menu]) throws(Mismatch) -> [Menu] {
        let folded = VenueQuery.fold(name)
        let exact = meals.filter { VenueQuery.fold($0.service) == folded }
        guard exact.isEmpty else { return exact }
        let prefixed = meals.filter { VenueQuery.fold($0.service).hasPrefix(folded) }
        // Two meals of one name are one choice, not an ambiguity.
        var seen: Set<String> = []
        let names = prefixed.filter { seen.insert(VenueQuery.fold($0.service)).inserted }.map(\.service)
        guard names.count < 2 else { throw .ambiguous(name: name, matches: names) }
        guard !prefixed.isEmpty || meals.isEmpty else { throw .unknown(name: name, known: meals.map(\.service)) }
        return prefixed
    }
}
