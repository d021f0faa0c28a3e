import DiningHours
import Synchronization
import VenueReports
import VenuedProtocol

/// The engine's objects for the held feed, built once and shared by every connection.
///
/// Measured with callgrind on `status` (release build), before this cache: 57% of a
/// request went to building the zone's rules (then copied out of ICU; now read from
/// the TZif file, microseconds, but still a file read per request); 7% to building the
/// `Campus` (every venue's intervals resolved); the rest to the statuses and the JSON.
/// `status`, `hours`, `next` and the subscriptions all ask here. Zones are the engine's
/// ZoneDatabase's (each read once a process); kept here are the campuses by zone for the
/// current feed, and the rendered `status` lines of the current second by their options: an answer depends only on the data, the options
/// and the instant (to the second), so a hit is exactly the line a fresh computation
/// would give. Everything but the zones is keyed by the store's version, so new data
/// (or a new source) is never answered from old objects. The data's age goes into each
/// line as it is computed: a refresh that fails changes it without a new version, and
/// a line of the second before it may say so a second late.
final class Prepared: Sendable {
    /// Bounds on what clients can make us keep: a campus per zone asked for, lines ~4 KB.
    static let campusLimit = 64
    static let lineLimit = 256

    private struct State {
        var version = -1
        var campuses: [String: Campus] = [:]
        var second = Int.min
        var lines: [LineKey: String] = [:]
    }

    /// A cached line is for one set of options, favorites and presentation.
    private struct LineKey: Hashable {
        let options: StatusOptions
        let favorites: Favorites
        let presentation: StatusPresentation?
    }

    private let store: FeedStore
    /// For the refresh interval, by which the data's age is judged.
    private let settings: LiveConfig
    private let state = Mutex(State())

    init(store: FeedStore, settings: LiveConfig) {
        self.store = store
        self.settings = settings
    }

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

    /// The `status` answer line (JSON, or with `presentation` the text `venuectl status`
    /// prints), from the lines of this second when it was asked before.
    func statusLine(_ options: StatusOptions, presentation: StatusPresentation?, favorites: Favorites = Favorites(),
                    at now: Instant) throws(ProtocolError) -> String {
        let key = LineKey(options: options, favorites: favorites, presentation: presentation)
        let version = store.versioned.version
        let second = now.secondsSinceEpoch
        let hit = state.withLock { state -> String? in
            if state.version != version { Self.reset(&state, version: version) }
            guard state.second == second else { return nil }
            return state.lines[key]
        }
        if let hit { return hit }
        let computed = try compute(options, favorites: favorites, at: now)
        let line = presentation.map {
            Reply.ok([("source", JSONText.quote(computed.report.source.rawValue)), ("text", JSONText.quote($0.render(computed.report)))])
        } ?? Reply.ok(StatusJSON.members(computed.report))
        // Kept only if computed from the data read above (and for the latest second).
        guard computed.version == version else { return line }
        state.withLock { state in
            guard state.version == version else { return }
            if state.second != second {
                guard second > state.second else { return }
                state.second = second
                state.lines.removeAll(keepingCapacity: true)
            }
            if state.lines.count < Self.lineLimit { state.lines[key] = line }
        }
        return line
    }

    private func compute(_ options: StatusOptions, favorites: Favorites, at now: Instant) throws(ProtocolError) -> (report: StatusReport, held: FeedCopy, version: Int) {
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
        state.lines.removeAll()
        state.second = Int.min
    }
}
