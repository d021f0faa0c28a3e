import DiningHours

extension VenueSearch.Match {
    /// The tier's name in JSON (`search` for venues and for dishes alike).
    package var name: String {
        switch self {
        case .exact: return "exact"
        case .prefix: return "prefix"
        case .wordPrefix: return "word_prefix"
        case .substring: return "substring"
        case .similar: return "similar"
        }
    }
}
