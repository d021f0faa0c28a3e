import DiningHours

/// What `venuectl menu VENUE` answers (docs/MENUS.md). No meal is an answer, not an error, and `nothing` says why.
public struct MenuReport: Sendable {
    /// The meal being served or next (from any date, or from one date), or a date's meals, one by name, or all.
    public enum Selection: Sendable, Equatable {
        case currentOrNext
        case date(LocalDate, meal: String?, all: Bool)
    }

    public struct Meal: Sendable {
        /// With only the items the filter kept, and no station left empty by it.
        public let menu: Menu
        /// `unknown`: items that passed the diets but whose allergens are unknown, left out by `--without`.
        public let unknown: [MenuItem], servedNow: Bool
        /// The filter took every item: the meal is listed, with nothing under it.
        public var emptied: Bool { menu.stations.isEmpty }
    }

    public let venueID: Int, venueName: String, at: Instant, zone: ZoneRules
    /// `date` is nil for the current or next meal.
    public let date: LocalDate?, filter: MenuFilter, meals: [Meal], nothing: String?

    public init(book: MenuBook, venueID: Int, venueName: String, at: Instant, zone: ZoneRules, selection: Selection,
                filter: MenuFilter) throws(MealName.Mismatch) {
        self.venueID = venueID
        self.venueName = venueName
        self.at = at
        self.zone = zone
        self.filter = filter
        let chosen: [Menu]
        var nothing: String?
        switch selection {
        case .currentOrNext:
            date = nil
            chosen = book.currentOrNext(of: venueID, at: at).map { [$0] } ?? []
            if chosen.isEmpty, !book.menus.contains(where: { $0.venueID == venueID }) {
                nothing = "no menus for this venue in the data"
            } else if chosen.isEmpty {
                let when = ClockText.day(zone.localDate(of: at)) + " " + ClockText.clock(zone.localDateTime(of: at))
                nothing = book.dates.map { "no meal from \(when) on in the data, which has menus from "
                    + "\(ClockText.day($0.lowerBound)) to \(ClockText.day($0.upperBound))" } ?? "no menus in the data"
            }
        case .date(let day, let name, let all):
            date = day
            let meals = book.meals(of: venueID, on: day)
            if let name {
                chosen = try MealName.select(name, among: meals)
            } else if all || day != zone.localDate(of: at) {
                chosen = all ? meals : Array(meals.prefix(1))
            } else {
                chosen = book.currentOrNext(of: venueID, on: day, at: at).map { [$0] } ?? []
                if chosen.isEmpty, let last = meals.last {
                    nothing = "the meals of \(ClockText.day(day)) are over (the last, \(last.service), ended \(ClockText.clock(zone.localDateTime(of: last.end)))); --all lists them"
                }
            }
            if meals.isEmpty { nothing = "no menu for \(ClockText.day(day)) in the data" }
        }
        self.meals = chosen.map { menu in
            let (kept, unknown) = filter.apply(to: menu)
            return Meal(menu: kept, unknown: unknown, servedNow: menu.isServed(at: at))
        }
        self.nothing = nothing
    }
}
