/// The one venue a VENUE argument names, for the commands that need exactly one
/// (`hours`, `is-open`, `open`, venued's `hours`).
///
/// An id or a whole name always wins. Otherwise a prefix, word prefix or part of a
/// name counts only when it reaches a single venue: "cafe" starts Cafe West's name but
/// is also in Accenture Café and Joe's Café, so it is ambiguous rather than a guess at
/// one of the three. Nothing at all is answered with the closest names.
public enum VenueResolution: Sendable {
    case found(Venue)
    /// Every venue the query names, best match first.
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
