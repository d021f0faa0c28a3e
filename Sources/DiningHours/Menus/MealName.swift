/// `--meal NAME` among one venue's meals of one date (MENUS.md, "Questions"), compared as venue names are
/// (`VenueQuery.fold`). A whole name wins over a prefix (`lunch` beside a Lunch Special); a prefix must name
/// one meal, because `l` picking Lunch or Late Night would answer a question nobody asked.
public enum MealName {
    /// Why `NAME` chose no meal, with the names the error offers instead.
    public enum Mismatch: Error, Equatable, Sendable {
        /// Neither a meal's name nor the start of one: the date's meals, by start.
        case unknown(name: String, known: [String])
        /// The start of two or more meals' names: those names, by start.
        case ambiguous(name: String, matches: [String])
    }

    /// The meals called `name`, else those of the one name starting with it. Empty only when `meals` is: a date
    /// without data is not the name's fault, and its answer is "no menu".
    public static func select(_ name: String, among meals: [Menu]) throws(Mismatch) -> [Menu] {
        let folded = VenueQuery.fold(name)
        let exact = meals.filter { VenueQuery.fold($0.service) == folded }
        guard exact.isEmpty else { return exact }
        let prefixed = meals.filter { VenueQuery.fold($0.service).hasPrefix(folded) }
        let names = distinctNames(prefixed)
        guard names.count < 2 else { throw .ambiguous(name: name, matches: names) }
        guard !prefixed.isEmpty || meals.isEmpty else { throw .unknown(name: name, known: meals.map(\.service)) }
        return prefixed
    }

    /// Each name once (as first spelled), in order: two meals of one name are one choice, not an ambiguity.
    private static func distinctNames(_ meals: [Menu]) -> [String] {
        var seen: Set<String> = []
        return meals.filter { seen.insert(VenueQuery.fold($0.service)).inserted }.map(\.service)
    }
}
