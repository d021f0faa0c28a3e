import DiningHours

/// Retail dayparts are often labelled with the venue's own name ("Joe" at Joe's Café), which says nothing.
package enum DaypartLabel {
    package static func meaningful(_ label: String?, venue name: String) -> String? {
        guard let label, !label.isEmpty else { return nil }
        let name = VenueQuery.fold(name), folded = VenueQuery.fold(label)
        return name.contains(folded) || folded.contains(name) ? nil : label
    }
}
