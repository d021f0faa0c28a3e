import DiningHours

/// The VENUE of a command about one venue: the words joined ("1920 commons" may be unquoted), resolved to one venue.
public enum VenueArgument {
    public static func resolve(_ query: String, in venues: [Venue]) throws(AnswerError) -> Venue {
        switch VenueResolution(query, in: venues) {
        case .found(let venue): return venue
        case .ambiguous(let candidates): throw .ambiguousVenue(query, candidates: candidates.map(\.name))
        case .unknown(let suggestions): throw .unknownVenue(query, suggestions: suggestions)
        }
    }

    package static func query(_ words: [String], command: String) throws(AnswerError) -> String {
        guard !words.isEmpty else { throw .usage("\(command) needs a VENUE: an id or a name, e.g. 'venuectl \(command) commons'") }
        return words.joined(separator: " ")
    }
}
