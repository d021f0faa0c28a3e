import DiningHours

/// `calendar --menus`: which menu belongs to an event, and how it reads in its DESCRIPTION (docs/MENUS.md).
package enum CalendarMenus {
    /// The menu whose service is the event's label (case and accents aside), else the one starting with the event.
    package static func menu(in book: MenuBook, venue: Int, date: LocalDate, label: String, start: Instant) -> Menu? {
        let meals = book.meals(of: venue, on: date)
        return meals.first { VenueQuery.fold($0.service) == VenueQuery.fold(label) } ?? meals.first { $0.start == start }
    }

    package static func text(_ menu: Menu) -> String {
        let stations = menu.stations.map { station in
            station.name + ": " + station.items.map { item in
                let tags = MenuText.tags(item)
                return item.name + (tags.isEmpty ? "" : " (\(tags))")
            }.joined(separator: "; ")
        }
        return (["Menu (the caterer's labels, not a guarantee):"] + stations).joined(separator: "\n")
    }
}
