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

/// The status query's grammar, read by both programs (venuectl's command line, venued's `prompt.NAME` lines).
extension StatusOptions {
    package static let table = FlagTable<StatusOptions>(helpCommand: "venuectl status --help", flags: [
        .init(name: "--open-now", value: nil, help: "only venues open at that instant") { o, _ in o.openNow = true },
        .init(name: "--favorites", value: nil, help: "only your favorites ('venuectl favorites add VENUE')") { o, _ in o.favorites = true },
        .init(name: "--halls", value: nil, help: "only dining halls") { o, _ in o.kinds.insert(.diningHall) },
        .init(name: "--retail", value: nil, help: "only retail venues") { o, _ in o.kinds.insert(.retail) },
        .init(name: "--all", value: nil, help: "every venue, whatever filter venuectl.conf sets") { o, _ in
            o.openNow = false
            o.favorites = false
            o.kinds = []
        },
        .init(name: "--near", value: "LAT,LON", help: "nearest first, with walking minutes (e.g. 39.9522,-75.1932)") { o, value throws(AnswerError) in
            o.near = try Coordinate(nearArgument: value)
        },
        .init(name: "--format", value: "FMT", help: StatusFormat.named.map(\.name).joined(separator: "|") + " (default plain)",
              choices: StatusFormat.named.map(\.name)) { o, value throws(AnswerError) in
            o.format = try StatusFormat(name: value)
        },
        .init(name: "--json", value: nil, help: "one JSON object (same as --format json)") { o, _ in o.format = .json },
        .init(name: "--template", value: "TEXT", help: "a line per venue, e.g. '{name} {state} {changes_in}'") { o, value throws(AnswerError) in
            o.format = .template(try StatusTemplate(value))
        },
        .init(name: "--hide-empty", value: nil, help: "bar formats: print an empty text, which hides the module, when no venue is chosen or open") { o, _ in
            o.hideEmpty = true
        },
        .at(\.at), .tz(\.tz), .data(\.data), .noEstimate(\.estimate),
        .init(name: "--soon", value: "MIN", help: "closing-soon threshold in minutes (default 15)") { o, value throws(AnswerError) in
            guard let minutes = Int(value), minutes >= 0, minutes <= 24 * 60 else {
                throw .usage("--soon takes whole minutes from 0 to 1440, not '\(value)'")
            }
            o.soonMinutes = minutes
        },
        .init(name: "--dishes", value: nil, help: "say when a meal with a dish you follow starts soon (see 'venuectl favorites --help')") { o, _ in
            o.dishes = true
        },
        .init(name: "--dish-lead", value: "MIN", help: "with --dishes: how many minutes before the meal (default \(FollowedDishes.defaultLeadMinutes))") { o, value throws(AnswerError) in
            guard let minutes = Int(value), FollowedDishes.leadMinutes.contains(minutes) else {
                throw .usage("--dish-lead takes whole minutes from \(FollowedDishes.leadMinutes.lowerBound) to \(FollowedDishes.leadMinutes.upperBound), not '\(value)'")
            }
            o.dishLeadMinutes = minutes
        },
        .socket(\.socket), .help(\.help),
    ])

    /// VENUE arguments go into `status`'s venues, at most `venueLimit`; returns the names of the flags given.
    @discardableResult
    package static func parseFlags<Outer>(_ arguments: [String], table: FlagTable<Outer>, into outer: inout Outer,
                                          status: WritableKeyPath<Outer, StatusOptions>) throws(AnswerError) -> Set<String> {
        let given = try table.parse(arguments, into: &outer) { outer, venue in outer[keyPath: status].venues.append(venue) }
        guard !outer[keyPath: status].help else { return given }
        guard let venues = StatusOptions.venueQueries(outer[keyPath: status].venues) else {
            throw .usage("at most \(StatusOptions.venueLimit) VENUE arguments", help: table.helpCommand)
        }
        outer[keyPath: status].venues = venues
        return given
    }
}
