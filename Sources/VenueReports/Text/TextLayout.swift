import DiningHours

/// Small pieces of the text answers' layout, shared so that columns and words agree.
extension String {
    /// The string followed by spaces up to `width` characters: one column of a table.
    package func padded(to width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(0, width - count))
    }
}

extension VenueKind {
    /// "dining hall" or "retail", for a line about one venue.
    package var noun: String { self == .diningHall ? "dining hall" : "retail" }
}
