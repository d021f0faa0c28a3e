/// The one venue a VENUE argument names: a partial match counts only when it reaches a single venue.
public enum VenueResolution: Sendable {
    case found(Venue)
    case ambiguous([Venue])
    case unknown(suggestions: [String])

    public init(_ query: String, in venues: [Venue]) {
        let search = VenueSearch(query)
        let named = search.matches(in: venues)
        switch named.count {
        case 1: self = .found(named[0])
        case 0: self = .unknown(suggestions: search.suggestions(in: venues))
        default: self = .ambiguous(named)
        }
    }
}
