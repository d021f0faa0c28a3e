import DiningHours

/// `status --details` (docs/MENUS.md, "In status"): for each open venue of a status
/// answer, the stations of the meal it serves at the answer's own instant. Only a meal
/// being served counts: the stations of one still to come would read as what is at the
/// counters now, and a closed venue's menu says nothing a student can walk in for.
package enum MealStations {
    /// Venue id to station names, in the menu's order, each once; a venue without a
    /// meal at that instant, or whose meal lists no named station, is absent.
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
