import DiningHours
import VenueReports
import VenuedProtocol

/// `status` and every `subscribe` push: the `venuectl status` answer computed and
/// rendered by VenueAnswers itself from the held feed, so the two can never drift apart.
struct StatusAnswer: Sendable {
    let prepared: Prepared
    let settings: LiveConfig
    /// The favorites file of venued's own environment, for requests that name none.
    let favoritesFile: String?

    /// The zone a subscriber's answers are computed in.
    func zoneName(_ options: StatusOptions) -> String { options.tz ?? settings.current.timeZone }

    func report(_ options: StatusOptions, at now: Instant) throws(ProtocolError) -> StatusReport {
        let (options, favorites) = try resolved(options)
        return try prepared.report(options, favorites: favorites, at: now)
    }

    /// The `status` answer line, JSON or rendered text (cached for the current second by `Prepared`).
    func line(_ options: StatusOptions, presentation: StatusPresentation?, at now: Instant) throws(ProtocolError) -> String {
        let (options, favorites) = try resolved(options)
        return try prepared.statusLine(options, presentation: presentation, favorites: favorites, at: now)
    }

    /// The options with the zone set, and the favorites read now: the file is read on
    /// every request that asks for it (a few microseconds), so an edit counts at once.
    private func resolved(_ options: StatusOptions) throws(ProtocolError) -> (StatusOptions, Favorites) {
        var options = options
        options.tz = zoneName(options)
        do { return (options, try Favorites.load(for: options, fallbackPath: favoritesFile)) } catch { throw ProtocolError(error) }
    }
}
