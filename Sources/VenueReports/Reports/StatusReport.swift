import DiningHours

/// `status`'s answer: a venue passes every filter; with `--near`, nearest first, unknown coordinates last.
public struct StatusReport: Sendable {
    public struct Row: Sendable {
        package let venue: Venue, status: VenueStatus
        /// Metres from the `--near` point; nil without `--near` or without coordinates.
        package let distance: Double?
    }

    package let at: Instant, zone: ZoneRules
    public let source: FeedSource, dataAge: DataAge
    package let coverage: Coverage?, rows: [Row]
    /// Left out by `--open-now` for unknown hours, so an answer can tell "none open" from "none known to be open".
    package let withheld: [Row]
    /// `chosen`: how many venues passed every filter but `--open-now`, the "15" of "no hours for 3 of 15".
    package let chosen: Int, options: StatusOptions
    /// `--dishes`: filled by whoever holds the menus (venued).
    package var dishAlerts: [FollowedDishes.Alert] = []
    /// The next alert's announcement, or the start of a meal alerted now (its alert ends there).
    package var dishesChangeAt: Instant?
    /// `--details`, by venue id (`MealStations`): filled by venuectl, which reads the menus.
    package var stations: [Int: [String]] = [:]

    package mutating func follow(_ dishes: FollowedDishes, in index: DishIndex) {
        let alerts = dishes.alerts(in: index, at: at)
        dishAlerts = alerts.due
        dishesChangeAt = (alerts.due.map(\.menu.start) + [alerts.next].compactMap { $0 }).min()
    }

    public init(options: StatusOptions, feed: FeedCopy, now: Instant, favorites: Favorites = Favorites(),
                dataAge: DataAge) throws(AnswerError) {
        let zone = try Self.zone(options.tz)
        try self.init(options: options, campus: Campus(feed: feed.feed, zone: zone), source: feed.source, now: now,
                      favorites: favorites, dataAge: dataAge)
    }

    /// For venued, so that it builds each campus once; `options.tz` is not read here.
    public init(options: StatusOptions, campus: Campus, source: FeedSource, now: Instant, favorites: Favorites = Favorites(),
                dataAge: DataAge) throws(AnswerError) {
        self.zone = campus.zone
        self.at = try Self.instant(options.at, zone: zone, now: now)
        (self.source, self.dataAge, self.coverage, self.options) = (source, dataAge, campus.coverage, options)
        let chosen = try Self.select(options.venues, from: campus.timetables.map(\.venue))
        var rows: [Row] = [], withheld: [Row] = [], count = 0
        for timetable in campus.timetables where chosen.contains(timetable.venue.id) {
            let venue = timetable.venue
            if options.favorites && !favorites.contains(venue.id) { continue }
            if !options.kinds.isEmpty && !options.kinds.contains(venue.kind) { continue }
            let status = timetable.status(at: at, estimate: options.estimate, soon: options.soonMinutes * 60)
            count += 1
            let distance = options.near.flatMap { point in VenueInfo.bundled[venue.id].map { point.distance(to: $0.coordinate) } }
            if options.openNow && status.state == .unknown { withheld.append(Row(venue: venue, status: status, distance: distance)) }
            if options.openNow && status.state != .open { continue }
            rows.append(Row(venue: venue, status: status, distance: distance))
        }
        // Stable: venues at the same distance, and those without one, keep the feed's order.
        self.rows = options.near == nil ? rows : rows.enumerated().sorted { a, b in
            (a.element.distance ?? .infinity, a.offset) < (b.element.distance ?? .infinity, b.offset)
        }.map(\.element)
        (self.withheld, self.chosen) = (withheld, count)
    }

    public static func zone(_ identifier: String?) throws(AnswerError) -> ZoneRules {
        do { return try ZoneDatabase.system.rules(identifier ?? "America/New_York") } catch {
            if error.isEnvironment { throw .environment("\(error)") }
            let name = identifier ?? "America/New_York"
            throw .unknownZone(name, location: nil, suggestion: ZoneDatabase.system.spelling(of: name))
        }
    }

    /// `--at`, in years 0001-9999 of the venue zone, the only ones an answer can write (`CalendarRange`).
    public static func instant(_ text: String?, zone: ZoneRules, now: Instant) throws(AnswerError) -> Instant {
        guard let text, text != "now" else { return now }
        let at: Instant
        switch FeedTime(parsing: text) {
        case .wallClock(let local)?: at = zone.instant(for: local)
        case .withOffset(let local, let offset)?: at = Instant(secondsSinceEpoch: local.wallSeconds - offset)
        case .timeOfDay(let second)?:
            at = zone.instant(for: LocalDateTime(date: zone.localDate(of: now), secondOfDay: second))
        case nil:
            throw .usage("cannot read --at '\(text)': use YYYY-MM-DDTHH:MM[:SS] with an optional Z or ±HH:MM, HH:MM, or now")
        }
        guard zone.writableInstants.contains(at) else {
            throw .usage("--at '\(text)' falls outside years 0001 to 9999 in \(zone.identifier): give a time from 0001-01-01 to 9999-12-31")
        }
        return at
    }

    public static func select(_ queries: [String], from venues: [Venue]) throws(AnswerError) -> Set<Int> {
        guard !queries.isEmpty else { return Set(venues.map(\.id)) }
        var ids: Set<Int> = []
        for text in queries {
            let search = VenueSearch(text), found = search.matches(in: venues)
            guard !found.isEmpty else { throw .unknownVenue(text, suggestions: search.suggestions(in: venues)) }
            ids.formUnion(found.map(\.id))
        }
        return ids
    }
}

/// `status --json` and venued's `status` (HOURS.md §4): unknown venues say why, so no list is "all closed".
public enum StatusJSON {
    public static func render(_ report: StatusReport) -> String { Reply.ok(members(report)) }

    /// What a JSON answer shows apart from `at` and `fetched_at`, which move with every step and refresh: watchers
    /// compare this, so data turning stale is news and a refresh that changes nothing is not.
    public static func shown(_ members: [(String, String)]) -> String {
        members.filter { $0.0 != "at" && $0.0 != "fetched_at" }.map { $0.0 + ":" + $0.1 }.joined(separator: ",")
    }

    /// The members after `ok`, in order: venued's pushes put their `event` before them.
    public static func members(_ report: StatusReport) -> [(String, String)] {
        let zone = report.zone
        let venues = report.rows.map { row -> String in
            let status = row.status
            var members = [
                ("id", "\(row.venue.id)"), ("name", JSONText.quote(row.venue.name)),
                ("kind", JSONText.quote(row.venue.kind.rawValue)), ("state", JSONText.quote(status.state.rawValue)),
                ("label", JSONText.string(status.label)), ("changes_at", Reply.time(status.changesAt, zone)),
                ("closing_soon", "\(status.closingSoon)"), ("estimated", "\(status.estimated)"),
                ("meal_ends_at", Reply.time(status.mealEndsAt, zone)),
                ("next_label", JSONText.string(status.nextLabel)), ("message", JSONText.string(status.message)),
                ("unknown_reason", JSONText.string(status.unknownReason?.name)),
            ]
            if let stations = report.stations[row.venue.id] {
                members.append(("stations", JSONText.array(stations.map(JSONText.quote))))
            }
            if report.options.near != nil {
                members += [("distance_m", row.distance.map { "\(Int($0.rounded()))" } ?? "null"),
                            ("walk_minutes", row.distance.map { "\(Coordinate.walkingMinutes($0))" } ?? "null")]
            }
            return JSONText.object(members)
        }
        // At the top only when every venue shown (or, with --open-now, left out) is unknown for the same reason.
        let judged = report.rows.isEmpty && report.withheld.count == report.chosen ? report.withheld : report.rows
        let reasons = Set(judged.map { $0.status.unknownReason?.name }), age = report.dataAge
        let withheld = report.options.openNow ? [("unknown", JSONText.array(report.withheld.map(unknownVenue)))] : []
        let alerts = report.dishAlerts.map { JSONText.object(DishAlertText.members($0, zone: zone, at: report.at)) }
        return [
            ("at", JSONText.quote(zone.iso8601(report.at))), ("source", JSONText.quote(report.source.rawValue)),
            ("stale", "\(age.isStale)"), ("stale_reason", JSONText.string(age.staleness?.name)),
            ("fetched_at", Reply.time(age.fetchedAt, zone)), ("tz", JSONText.quote(zone.identifier)),
            ("coverage", Reply.coverage(report.coverage)),
            ("unknown_reason", JSONText.string(reasons.count == 1 ? reasons.first ?? nil : nil)),
            ("venues", "[" + venues.joined(separator: ",") + "]"),
        ] + withheld + (report.options.dishes ? [("dishes", JSONText.array(alerts))] : [])
    }

    package static func unknownVenue(_ row: StatusReport.Row) -> String {
        JSONText.object([("id", "\(row.venue.id)"), ("name", JSONText.quote(row.venue.name)),
                         ("unknown_reason", JSONText.string(row.status.unknownReason?.name))])
    }
}
