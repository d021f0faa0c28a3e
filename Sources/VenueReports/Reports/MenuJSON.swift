import DiningHours

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
