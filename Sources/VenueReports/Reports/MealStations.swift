import DiningHours

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
