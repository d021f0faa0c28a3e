import DiningHours
import VenueReports
import VenuedProtocol

/// The held data ready to answer from: the snapshot and the `Campus` of each zone built so far.
struct Prepared: Sendable {
    static let campusLimit = 64
    /// A larger answer is refused rather than computed into megabytes (a real status is a few KB).
    static let answerBudget = 256 << 10
    let snapshot: Snapshot
    private(set) var campuses: [String: Campus] = [:]
    var dishes: DishIndex

    init(_ snapshot: Snapshot, dishes: DishIndex = .empty) {
        self.snapshot = snapshot
        self.dishes = dishes
    }

    func with(_ snapshot: Snapshot) -> Prepared {
        var copy = Prepared(snapshot, dishes: dishes)
        copy.campuses = campuses
        return copy
    }

    var version: Int { snapshot.version }
    func zoneName(_ options: StatusOptions) -> String { options.tz ?? snapshot.config.timeZone }

    func zone(_ options: StatusOptions) throws(ProtocolError) -> ZoneRules {
        do { return try StatusReport.zone(zoneName(options)) } catch { throw ProtocolError(error) }
    }

    func campus(_ zone: ZoneRules) -> Campus {
        campuses[zone.identifier] ?? Campus(feed: snapshot.held.feed, zone: zone)
    }

    mutating func build(_ zone: ZoneRules) {
        guard campuses[zone.identifier] == nil else { return }
        if campuses.count >= Self.campusLimit { campuses.removeAll() }
        campuses[zone.identifier] = Campus(feed: snapshot.held.feed, zone: zone)
    }

    func report(_ options: StatusOptions, in zone: ZoneRules? = nil, favorites: Favorites, at now: Instant) throws(ProtocolError) -> StatusReport {
        var options = options
        options.tz = zoneName(options)
        let resolved = if let zone { zone } else { try self.zone(options) }
        var report: StatusReport
        do {
            report = try StatusReport(options: options, campus: campus(resolved), source: snapshot.held.source, now: now,
                                      favorites: favorites, dataAge: snapshot.age(now: now))
        } catch { throw ProtocolError(error) }
        // The dishes the client sent; a prompt file's were read by the caller into `followedDishes`.
        if options.dishes { report.follow(FollowedDishes(options.followedDishes ?? [], leadMinutes: options.dishLeadMinutes), in: dishes) }
        return report
    }

    func line(_ options: StatusOptions, in zone: ZoneRules? = nil, presentation: StatusPresentation?, favorites: Favorites,
              at now: Instant) throws(ProtocolError) -> String {
        let report = try report(options, in: zone, favorites: favorites, at: now)
        let line = presentation.map {
            Reply.ok([("source", JSONText.quote(report.source.rawValue)), ("text", JSONText.quote($0.render(report)))])
        } ?? StatusJSON.render(report)
        guard line.utf8.count <= Self.answerBudget else {
            throw ProtocolError("the answer would be over \(Self.answerBudget >> 10) KB: ask for fewer venues or a shorter template")
        }
        return line
    }
}
