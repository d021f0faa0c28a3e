import DiningHours
import Synchronization
import VenueReports
import VenuedProtocol

/// The engine's objects for the held feed, built once and shared by every connection:
/// the `Campus` of each zone asked for (every venue's intervals resolved), which
/// `status`, `hours`, `next` and the subscriptions all start from. Keyed by the store's
/// version, so new data (or a new source) is never answered from old objects. The data's
/// age goes into each report as it is computed: a refresh that fails changes it without
/// a new version.
final class Prepared: Sendable {
    /// A bound on what clients can make us keep: a campus per zone asked for.
    static let campusLimit = 64

    private struct State {
        var version = -1
        var campuses: [String: Campus] = [:]
    }

    private let store: FeedStore
    /// For the refresh interval, by which the data's age is judged.
    private let settings: LiveConfig
    private let state = Mutex(State())

    init(store: FeedStore, settings: LiveConfig) {
        self.store = store
        self.settings = settings
    }

    /// The store's version: what every cached object derived from the data is keyed by.
    var version: Int { store.version }

    /// The held feed read in `zone`, with the feed and its version.
    func campus(_ zone: ZoneRules) -> (campus: Campus, held: FeedCopy, version: Int) {
        let (held, version) = store.versioned
        let cached = state.withLock { state -> Campus? in
            if state.version != version { Self.reset(&state, version: version) }
            return state.campuses[zone.identifier]
        }
        if let cached { return (cached, held, version) }
        // Built outside the lock (about a tenth of a millisecond): two threads may both
        // build the first one; either copy is right.
        let campus = Campus(feed: held.feed, zone: zone)
        state.withLock { state in
            guard state.version == version else { return }
            if state.campuses.count >= Self.campusLimit { state.campuses.removeAll() }
            state.campuses[zone.identifier] = campus
        }
        return (campus, held, version)
    }

    /// The status report for `options` (whose `tz` is set) at `now`.
    func report(_ options: StatusOptions, favorites: Favorites = Favorites(), at now: Instant) throws(ProtocolError) -> StatusReport {
        try compute(options, favorites: favorites, at: now).report
    }

    func compute(_ options: StatusOptions, favorites: Favorites, at now: Instant) throws(ProtocolError) -> (report: StatusReport, held: FeedCopy, version: Int) {
        let zone: ZoneRules
        do { zone = try StatusReport.zone(options.tz) } catch { throw ProtocolError(error) }
        let (campus, held, version) = campus(zone)
        let age = store.age(of: held, refreshSeconds: settings.current.refreshSeconds, now: now)
        do {
            let report = try StatusReport(options: options, campus: campus, source: held.source, now: now, favorites: favorites, dataAge: age)
            return (report, held, version)
        } catch {
            throw ProtocolError(error)
        }
    }

    private static func reset(_ state: inout State, version: Int) {
        state.version = version
        state.campuses.removeAll()
    }
}
