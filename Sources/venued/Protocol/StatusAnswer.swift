import DiningHours
import VenueAnswers
import VenuedProtocol

/// `status` and every `subscribe` push: the `venuectl status` answer computed and
/// rendered by VenuedCLI itself from the held feed, so the two can never drift apart.
struct StatusAnswer: Sendable {
    let prepared: Prepared
    let settings: LiveConfig
    /// The favorites file of venued's own environment, for requests that name none.
    let favoritesFile: String?

    /// The options of `status` and `subscribe`, as `venuectl status` has them (SPEC §4).
    static func options(_ request: Request) throws(ProtocolError) -> StatusOptions {
        var options = StatusOptions()
        options.venues = try request.strings("venues")
        options.openNow = try request.flag("open_now")
        if try request.flag("halls") { options.kinds.insert(.diningHall) }
        if try request.flag("retail") { options.kinds.insert(.retail) }
        options.favorites = try request.flag("favorites")
        options.favoritesFile = try request.string("favorites_file")
        if let file = options.favoritesFile, !file.hasPrefix("/") { throw ProtocolError("\"favorites_file\" must be an absolute path, not '\(file)'") }
        if let near = try request.string("near") {
            do { options.near = try Coordinate(nearArgument: near) } catch { throw ProtocolError(error) }
        }
        options.at = try request.string("at")
        options.tz = try request.string("tz")
        options.estimate = !(try request.flag("no_estimate"))
        options.soonMinutes = try request.integer("soon", in: 0...1440) ?? 15
        return options
    }

    /// How a `status` request wants its answer: nil for the JSON object, else the
    /// rendered text (`render` names a `--format`, `template` carries `--template`'s text).
    static func presentation(_ request: Request) throws(ProtocolError) -> StatusPresentation? {
        guard let name = try request.string("render") else { return nil }
        let template = try request.string("template")
        let format: StatusFormat
        do { format = name == "template" ? .template(try StatusTemplate(template ?? "")) : try StatusFormat(name: name) } catch {
            throw ProtocolError(error)
        }
        return StatusPresentation(format: format, color: try request.flag("color"), userZone: try request.string("user_tz"),
                                  columns: try request.integer("columns", in: 1...100_000))
    }

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
