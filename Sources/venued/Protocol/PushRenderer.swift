import DiningHours
import VenueReports
import VenuedProtocol

/// A subscriber's line as pushed, what it shows, and when it can next change.
struct PushLine: Sendable {
    let line: String
    /// The text, or the `venues` member of a JSON line (whose `at` always moves): a
    /// push is skipped when this did not change.
    let shown: String
    let wakeAt: Instant?
}

/// Renders followers' lines (`subscribe` streams and prompt files): reads favorites files
/// and runs the formats, so it runs on a worker (`Handoff`), never on the connection loop.
struct PushRenderer: Sendable {
    let answer: StatusAnswer

    func line(for subscription: Subscription, event: String, at now: Instant) -> Result<PushLine, ProtocolError> {
        let report: StatusReport
        let zone: ZoneRules
        do throws(ProtocolError) {
            report = try answer.report(subscription.options, at: now)
            zone = try answer.zone(subscription.options)
        } catch {
            return .failure(error)
        }
        let wakeAt = Redraw.next(after: report, campus: answer.prepared.campus(zone).campus, presentation: subscription.presentation)
        let opening = [("event", JSONText.quote(event))]
        guard let presentation = subscription.presentation else {
            let members = StatusJSON.members(report)
            return .success(PushLine(line: Reply.ok(opening + members), shown: StatusJSON.shown(members), wakeAt: wakeAt))
        }
        let text = presentation.render(report)
        let members = [("source", JSONText.quote(report.source.rawValue)), ("text", JSONText.quote(text))]
        return .success(PushLine(line: Reply.ok(opening + members), shown: text, wakeAt: wakeAt))
    }

    /// Every subscriber of `round`, rendered at its instant.
    func render(_ round: SubscriberHub.Round) -> [SubscriberHub.Computed] {
        round.subscribers.map { SubscriberHub.Computed(follower: $0.follower, result: line(for: $0.subscription, event: round.reason.event, at: round.at)) }
    }
}
