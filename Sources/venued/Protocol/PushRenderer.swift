import DiningHours
import VenueReports
import VenuedProtocol

struct PushLine: Sendable {
    let line: String
    /// The text, or the `venues` member of a JSON line (whose `at` always moves): unchanged, it is not pushed.
    let shown: String
    let wakeAt: Instant?
    var dishEvents: [(key: String, start: Instant, line: String)] = []
}

/// Renders followers' lines off the loop. venued reads no favorites file a client names, only its own.
struct PushRenderer: Sendable {
    let prepared: Prepared

    func line(for subscription: Subscription, event: String, at now: Instant) -> Result<PushLine, ProtocolError> {
        var options = subscription.options
        var favorites = Favorites(sentIn: options)
        if options.favorites || options.dishes, let path = options.favoritesFile {
            do throws(AnswerError) {
                let file = try Favorites.load(path)
                if options.favorites { favorites = file }
                if options.dishes { options.followedDishes = file.dishes }
            } catch { return .failure(ProtocolError(error)) }
        }
        let report: StatusReport, zone: ZoneRules
        do throws(ProtocolError) {
            zone = try prepared.zone(options)
            report = try prepared.report(options, in: zone, favorites: favorites, at: now)
        } catch { return .failure(error) }
        let wakeAt = Redraw.next(after: report, campus: prepared.campus(zone), presentation: subscription.presentation)
        let dishEvents = report.dishAlerts.map { alert in
            (alert.key, alert.menu.start, Reply.event("dish", DishAlertText.members(alert, zone: zone, at: now)))
        }
        guard let presentation = subscription.presentation else {
            let members = StatusJSON.members(report)
            return .success(PushLine(line: Reply.event(event, members), shown: StatusJSON.shown(members), wakeAt: wakeAt, dishEvents: dishEvents))
        }
        let text = presentation.render(report)
        let members = [("source", JSONText.quote(report.source.rawValue)), ("text", JSONText.quote(text))]
        return .success(PushLine(line: Reply.event(event, members), shown: text, wakeAt: wakeAt, dishEvents: dishEvents))
    }

    func render(_ round: SubscriberHub.Round) -> [SubscriberHub.Computed] {
        round.subscribers.map { follower in
            let outcome = line(for: follower.subscription, event: round.reason.event, at: round.at)
            return SubscriberHub.Computed(follower: follower.follower, outcome: outcome)
        }
    }
}
