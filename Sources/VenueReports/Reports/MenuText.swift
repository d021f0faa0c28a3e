import DiningHours

/// `venuectl menu` as text, with short tags (docs/MENUS.md, "Tags"); every text in it was cleaned when decoded.
package struct MenuText {
    let report: MenuReport
    /// The reader's zone: the venue zone is named when it differs.
    let userZone: String

    package init(report: MenuReport, userZone: String) {
        self.report = report
        self.userZone = userZone
    }

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
