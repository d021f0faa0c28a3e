import DiningHours
import VenueReports
import VenuedProtocol
import VenuedSystem

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
/// A favorites file is read with a deadline (`NamedFileReads`): a round renders every
/// follower in one job, and one file that stopped answering must not hold up the rest.
struct PushRenderer: Sendable {
    let answer: StatusAnswer
    let reads: NamedFileReads

    /// When a follower whose favorites file did not answer is tried again.
    static let stalledRetry = 10

    /// A line, or why there is none; `stalled` names a file that did not answer in time.
    enum Rendered: Sendable {
        case line(PushLine)
        case failed(ProtocolError)
        case stalled(path: String)
    }

    /// A new subscriber's first line; a favorites file that does not answer in time ends
    /// the subscription before it starts.
    func first(for subscription: Subscription, at now: Instant) -> Result<PushLine, ProtocolError> {
        switch line(for: subscription, event: "snapshot", at: now) {
        case .line(let line): return .success(line)
        case .failed(let error): return .failure(error)
        case .stalled(let path):
            return .failure(ProtocolError("cannot read \(path): no answer within \(NamedFileReads.deadline) s (a file system that stopped answering?)"))
        }
    }

    func line(for subscription: Subscription, event: String, at now: Instant) -> Rendered {
        var favorites = Favorites()
        if let path = answer.favoritesPath(subscription.options) {
            switch reads.read(path, limit: BoundedFile.smallFileLimit) {
            case .missing: break
            case .read(let bytes):
                do throws(CLIError) { favorites = try Favorites.parse(bytes, path: path) } catch { return .failed(ProtocolError(error)) }
            case .failed(let error): return .failed(ProtocolError(CLIError(error)))
            case .stalled: return .stalled(path: path)
            }
        }
        let report: StatusReport
        let zone: ZoneRules
        do throws(ProtocolError) {
            report = try answer.report(subscription.options, favorites: favorites, at: now)
            zone = try answer.zone(subscription.options)
        } catch {
            return .failed(error)
        }
        let wakeAt = Redraw.next(after: report, campus: answer.prepared.campus(zone).campus, presentation: subscription.presentation)
        let opening = [("event", JSONText.quote(event))]
        guard let presentation = subscription.presentation else {
            let members = StatusJSON.members(report)
            return .line(PushLine(line: Reply.ok(opening + members), shown: StatusJSON.shown(members), wakeAt: wakeAt))
        }
        let text = presentation.render(report)
        let members = [("source", JSONText.quote(report.source.rawValue)), ("text", JSONText.quote(text))]
        return .line(PushLine(line: Reply.ok(opening + members), shown: text, wakeAt: wakeAt))
    }

    /// Every follower of `round`, rendered at its instant; one whose favorites file
    /// stalls keeps its last line and is tried again `stalledRetry` seconds later.
    func render(_ round: SubscriberHub.Round) -> [SubscriberHub.Computed] {
        round.subscribers.map { follower in
            let outcome: SubscriberHub.Computed.Outcome
            switch line(for: follower.subscription, event: round.reason.event, at: round.at) {
            case .line(let line): outcome = .rendered(.success(line))
            case .failed(let error): outcome = .rendered(.failure(error))
            case .stalled: outcome = .stalled(retryAt: round.at + Self.stalledRetry)
            }
            return SubscriberHub.Computed(follower: follower.follower, outcome: outcome)
        }
    }
}
