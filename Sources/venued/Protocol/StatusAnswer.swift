import DiningHours
import VenuedCLI

/// `status` and every `subscribe` push: the `venuectl status --json` object computed
/// by VenuedCLI itself from the held feed, so the two can never drift apart.
struct StatusAnswer: Sendable {
    let prepared: Prepared
    let settings: LiveConfig

    /// The options of `status` and `subscribe`, as `venuectl status` has them (SPEC §4).
    static func options(_ request: Request) throws(ProtocolError) -> StatusOptions {
        var options = StatusOptions()
        options.venues = try request.strings("venues")
        options.openNow = try request.flag("open_now")
        options.at = try request.string("at")
        options.tz = try request.string("tz")
        options.estimate = !(try request.flag("no_estimate"))
        options.soonMinutes = try request.integer("soon", in: 0...1440) ?? 15
        return options
    }

    /// The zone a subscriber's answers are computed in.
    func zoneName(_ options: StatusOptions) -> String { options.tz ?? settings.current.timeZone }

    func report(_ options: StatusOptions, at now: Instant) throws(ProtocolError) -> StatusReport {
        var options = options
        options.tz = zoneName(options)
        return try prepared.report(options, at: now)
    }

    /// The `status` answer line, JSON or rendered text (cached for the current second by `Prepared`).
    func line(_ options: StatusOptions, style: StatusStyle?, at now: Instant) throws(ProtocolError) -> String {
        var options = options
        options.tz = zoneName(options)
        return try prepared.statusLine(options, style: style, at: now)
    }
}
