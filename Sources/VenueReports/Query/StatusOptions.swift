import DiningHours

/// The flags of `venuectl status`, parsed from `StatusOptions.table`; venued rebuilds it from a request.
public struct StatusOptions: Hashable, Sendable {
    /// Each query is searched among every venue and a request line has room for thousands: this bounds the work.
    public static let venueLimit = 64

    /// Each once, in the order given; nil when there are more than `venueLimit`.
    public static func venueQueries(_ queries: [String]) -> [String]? {
        var seen: Set<String> = [], kept: [String] = []
        for query in queries where seen.insert(query).inserted {
            kept.append(query)
            if kept.count > venueLimit { return nil }
        }
        return kept
    }

    public var venues: [String] = []
    public var openNow = false
    /// Empty keeps every kind.
    public var kinds: Set<VenueKind> = []
    public var favorites = false
    /// Nil for the usual file; venuectl reads it and sends what it holds (`favoriteIDs`).
    public var favoritesFile: String?
    /// `favoriteIDs` are read by the client from its file: venued answers from these and reads no file a client names.
    public var favoriteIDs: [Int]?, dishes = false
    /// As `favoriteIDs`: venued reads only its own file, for its prompt files.
    public var followedDishes: [String]?
    public var dishLeadMinutes = FollowedDishes.defaultLeadMinutes, near: Coordinate?, format: StatusFormat = .plain
    public var at: String?, tz: String?, data: String?, socket: String?, estimate = true, soonMinutes = 15
    /// `hideEmpty`: a bar's or prompt's format prints an empty text when no venue is chosen or open, hiding the module.
    public var hideEmpty = false, help = false
    public init() {}
}
