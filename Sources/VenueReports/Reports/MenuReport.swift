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
        public var emptied: Bool { menu.stations.isEmpty }
    }

    public let venueID: Int, venueName: String, at: Instant, zone: ZoneRules
    /// `date` is nil for the current or next meal.
    public let date: LocalDate?, filter: MenuFilter, meals: [Meal], nothing: String?

    public init(book: MenuBook, venueID: Int, venueName: String, at: Instant, zone: ZoneRules, selection: Selection,
                filter: MenuFilter) throws(MealName.Mismatch) {
        (self.venueID, self.venueName, self.at, self.zone, self.filter) = (venueID, venueName, at, zone, filter)
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

/// `venuectl menu --json` (docs/MENUS.md, "JSON"), `ok` first as every answer; times are ISO 8601 with offsets.
public enum MenuJSON {
    public static func render(_ report: MenuReport) -> String {
        let zone = report.zone
        return Reply.ok([
            ("venue", JSONText.object([("id", "\(report.venueID)"), ("name", JSONText.quote(report.venueName))])),
            ("at", JSONText.quote(zone.iso8601(report.at))), ("tz", JSONText.quote(zone.identifier)),
            ("date", JSONText.string(report.date.map { "\($0)" })),
            ("filter", JSONText.object([("diet", strings(report.filter.diets)), ("without", strings(report.filter.allergens))])),
            ("meals", JSONText.array(report.meals.map { meal in
                JSONText.object(members(meal.menu, zone: zone) + [
                    ("served_now", "\(meal.servedNow)"), ("stations", JSONText.array(meal.menu.stations.map { station in
                        JSONText.object([("name", JSONText.quote(station.name)), ("items", JSONText.array(station.items.map(item)))])
                    })),
                    ("unknown_allergens_left_out", JSONText.array(meal.unknown.map(item))),
                ])
            })),
            ("nothing", JSONText.string(report.meals.isEmpty ? report.nothing : nil)),
        ])
    }

    /// What names a meal, in `menu`, `search --dish` and dish alerts alike.
    static func members(_ menu: Menu, zone: ZoneRules) -> [(String, String)] {
        [("venue_id", "\(menu.venueID)"), ("venue", JSONText.quote(menu.venueName)), ("service", JSONText.quote(menu.service)),
         ("date", JSONText.quote("\(menu.date)")), ("start", JSONText.quote(zone.iso8601(menu.start))),
         ("end", JSONText.quote(zone.iso8601(menu.end)))]
    }

    static func item(_ item: MenuItem) -> String {
        let nutrition: String
        switch item.nutrition {
        case .none: nutrition = "null"
        case .text(let text): nutrition = JSONText.quote(text)
        case .facts(let facts): nutrition = JSONText.object(facts.map { ($0.name, JSONText.quote($0.value)) })
        }
        return JSONText.object([
            ("id", item.id.map { "\($0)" } ?? "null"), ("name", JSONText.quote(item.name)),
            ("description", JSONText.quote(item.description)), ("ingredients", strings(item.ingredients)),
            ("diet", strings(item.labels(.diet).map(\.name))), ("allergens_known", "\(item.allergensKnown)"),
            ("allergens", strings(item.labels(.allergen).map(\.name))),
            ("other_labels", strings(item.labels(.other).map(\.label))), ("nutrition", nutrition),
        ])
    }

    private static func strings(_ values: [String]) -> String { JSONText.array(values.map(JSONText.quote)) }
}

/// `venuectl menu` as text, with short tags (docs/MENUS.md, "Tags"); every text in it was cleaned when decoded.
package struct MenuText {
    let report: MenuReport
    /// The reader's zone: the venue zone is named when it differs.
    let userZone: String
    package init(report: MenuReport, userZone: String) { (self.report, self.userZone) = (report, userZone) }

    package func render() -> String {
        let zone = report.zone
        let day = report.meals.first.map(\.menu.date) ?? report.date ?? zone.localDate(of: report.at)
        var lines = [report.venueName + " · " + ClockText.day(day) + (userZone == zone.identifier ? "" : " · times in \(zone.identifier)")]
        if let nothing = report.nothing, report.meals.isEmpty { lines.append("  " + nothing) }
        for (index, meal) in report.meals.enumerated() {
            if index > 0 { lines.append("") }
            let date = meal.menu.date == day ? "" : ClockText.day(meal.menu.date) + " "
            lines.append(date + meal.menu.service + " " + MealHours.range(meal.menu, zone: zone) + (meal.servedNow ? " · now" : ""))
            for station in meal.menu.stations {
                lines.append("  " + station.name)
                for item in station.items {
                    let tags = Self.tags(item)
                    lines.append("    " + item.name + (tags.isEmpty ? "" : " — " + tags))
                    if !item.description.isEmpty { lines.append("      " + item.description) }
                }
            }
            if meal.emptied {
                let flags = [("--diet ", report.filter.diets), ("--without ", report.filter.allergens)]
                    .filter { !$0.1.isEmpty }.map { $0.0 + $0.1.joined(separator: ",") }
                lines.append("  nothing matches " + flags.joined(separator: " "))
            }
            if !meal.unknown.isEmpty {
                let count = meal.unknown.count == 1 ? "1 item" : "\(meal.unknown.count) items"
                lines.append("  \(count) without allergen data left out, as unknown is not safe: " + meal.unknown.map(\.name).joined(separator: ", "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    package static func tags(_ item: MenuItem) -> String {
        // Diet and allergen tags are never empty (`MenuLabel.known`); another label may be.
        let diets = item.labels(.diet).map(\.tag).joined(separator: ", ")
        let allergens = item.labels(.allergen).map(\.tag).joined(separator: ", ")
        let contains = item.allergensKnown ? (allergens.isEmpty ? "" : "contains " + allergens) : "allergens unknown"
        let others = item.labels(.other).filter { !$0.isAskUs }.map(\.label)
        return ([diets, contains].filter { !$0.isEmpty } + (others.isEmpty ? [] : [others.joined(separator: ", ")]))
            .joined(separator: " · ")
    }
}

/// `status --details`: only a meal being served counts, as a later one's stations would read as what is there now.
package enum MealStations {
    /// In the menu's order, each once; a venue without a meal then, or without a named station, is absent.
    package static func of(_ report: StatusReport, in book: MenuBook) -> [Int: [String]] {
        var stations: [Int: [String]] = [:]
        for row in report.rows where row.status.state == .open {
            guard let meal = book.served(by: row.venue.id, at: report.at) else { continue }
            var seen: Set<String> = []
            let names = meal.stations.map(\.name).filter { !$0.allSatisfy(\.isWhitespace) && seen.insert($0).inserted }
            if !names.isEmpty { stations[row.venue.id] = names }
        }
        return stations
    }
}

/// `venuectl search --dish` (docs/MENUS.md): where and when matching dishes are served, soonest first.
public struct DishReport: Sendable {
    public let query: String, at: Instant, zone: ZoneRules, hits: [DishSearch.Hit]

    public init(query: String, at: Instant, zone: ZoneRules, hits: [DishSearch.Hit]) {
        (self.query, self.at, self.zone, self.hits) = (query, at, zone, hits)
    }

    package func text() -> String {
        let columns = hits.map(\.menu).map { menu in
            [ClockText.day(menu.date), menu.service + " " + MealHours.range(menu, zone: zone), menu.venueName]
        }
        let widths = (0..<3).map { index in columns.map { $0[index].count }.max() ?? 0 }
        return zip(columns, hits).map { row, hit in
            zip(row, widths).map { $0.padded(to: $1) }.joined(separator: "  ") + "  " + hit.item.name
        }.joined(separator: "\n") + "\n"
    }

    public func json() -> String {
        Reply.ok([
            ("query", JSONText.quote(query)), ("at", JSONText.quote(zone.iso8601(at))),
            ("tz", JSONText.quote(zone.identifier)), ("results", JSONText.array(hits.map { hit in
                JSONText.object(MenuJSON.members(hit.menu, zone: zone) + [
                    ("served_now", "\(hit.menu.isServed(at: at))"), ("match", JSONText.quote(hit.match.name)),
                    ("item", MenuJSON.item(hit.item)),
                ])
            })),
        ])
    }
}

extension VenueSearch.Match {
    package var name: String {
        switch self {
        case .exact: return "exact"
        case .prefix: return "prefix"
        case .wordPrefix: return "word_prefix"
        case .substring: return "substring"
        case .similar: return "similar"
        }
    }
}
