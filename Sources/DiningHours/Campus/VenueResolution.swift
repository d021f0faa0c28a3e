/// The one venue a VENUE argument names. An id or a whole name always wins; otherwise a partial match counts only
/// when it reaches a single venue ("cafe" is ambiguous rather than a guess).
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
