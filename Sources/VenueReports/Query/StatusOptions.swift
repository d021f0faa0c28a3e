import DiningHours

/// The flags of `venuectl status` (docs/COMMANDS.md, `venuectl status`): what to compute (venues,
/// filters, instant, zone) and how to print it. Parsed from one table (`StatusOptions.table`, in StatusFlags.swift) so that parsing,
/// `--help` and the docs cannot disagree; venued rebuilds the same value from a request.
public struct StatusOptions: Hashable, Sendable {
    /// The most venue queries one question may hold: each is searched among every venue,
    /// and a request line has room for thousands, so the work of one question is bounded
    /// here, in venuectl's grammar and venued's alike. Far above a bar or a prompt's few.
    public static let venueLimit = 64

    /// The queries, each once, in the order given; nil when there are more than `venueLimit`.
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
    /// `--halls`, `--retail`: the kinds to keep; empty keeps every kind.
    public var kinds: Set<VenueKind> = []
    /// `--favorites`: only the venues of the favorites file.
    public var favorites = false
    /// The favorites file `--favorites` reads; nil for the usual one of the reader's
    /// environment. Read by venuectl, which sends what it holds (`favoriteIDs`); venued
    /// reads only its own, for its prompt files.
    public var favoritesFile: String?
    /// The favorites as data, read by the client from its file: venued answers from
    /// these and reads no file a client names.
    public var favoriteIDs: [Int]?
    /// `--dishes`: say when a meal that serves a followed dish (`favorites add --dish`)
    /// starts within `dishLeadMinutes` (docs/MENUS.md, "Followed dishes").
    public var dishes = false
    /// The followed dishes as data, read by the client from its favorites file, as
    /// `favoriteIDs`; venued reads only its own, for its prompt files.
    public var followedDishes: [String]?
    /// `--dish-lead MIN`: how long before such a meal starts it is said.
    public var dishLeadMinutes = FollowedDishes.defaultLeadMinutes
    /// `--near LAT,LON`: sort by distance from there, and show it.
    public var near: Coordinate?
    public var format: StatusFormat = .plain
    public var at: String?
    public var tz: String?
    public var data: String?
    /// `--socket PATH`: where to find venued instead of the usual socket.
    public var socket: String?
    public var estimate = true
    public var soonMinutes = 15
    /// `--hide-empty`: a bar's or a prompt's format prints an empty text when no venue is
    /// chosen or open, so the bar hides the module, instead of "no venues" in grey.
    public var hideEmpty = false
    public var help = false

    public init() {}
}
