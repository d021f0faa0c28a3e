import DiningHours
import VenueReports
import VenuectlGrammar

/// A due notification; venue, kind, the instant it is about (`target`) and step order it against another.
struct NotifyEvent: Equatable, Sendable {
    typealias Kind = NotifyOptions.Event

    let venue: Int
    let kind: Kind
    let target: Int
    let step: Int
    let due: Int
    let notification: DesktopNotification

    /// "closes in 15 min" read twenty minutes late (a resume, a restart) is wrong, not late.
    static let grace = 120
    func isDue(at now: Int) -> Bool { due <= now && now - due <= Self.grace }
}

/// What a venue is doing turned into notifications: pure functions, so the follower and the tests apply the same rules.
enum NotifyRules {
    /// Our clock, read a moment after venued's push, may still be a second behind in the rounding.
    static let clockSlack = 1

    /// A venue first seen open, open by new data or out of "unknown" has not just opened.
    static func opening(from previous: VenueView?, to view: VenueView, now: Int) -> NotifyEvent? {
        guard let previous, previous.state == .closed, view.state == .open, let opening = previous.changesAt?.instant,
              opening <= now + clockSlack else { return nil }
        let label = DaypartLabel.meaningful(view.label ?? previous.nextLabel, venue: view.name)
        var body = view.changesAt.map { until($0, label: label, now: now) } ?? ""
        if view.estimated { body += body.isEmpty ? "estimated hours" : " (estimated)" }
        let summary = "\(view.name) is open now" + (label.map { " for \($0)" } ?? "")
        return NotifyEvent(venue: view.id, kind: .opens, target: opening, step: 0, due: opening,
                           notification: DesktopNotification(summary: summary, body: body, page: VenueInfo.bundled[view.id]?.pageURL))
    }

    static func reminder(for view: VenueView, before: [Int], now: Int) -> (due: NotifyEvent?, next: Int?) {
        guard view.state == .open, let closing = view.changesAt, closing.instant > now else { return (nil, nil) }
        var due: NotifyEvent?
        var next: Int?
        for (step, minutes) in before.enumerated() {
            let at = closing.instant - minutes * 60
            if at > now {
                next = min(next ?? at, at)
                continue
            }
            let label = DaypartLabel.meaningful(view.label, venue: view.name)
            let body = until(closing, label: label, now: now) + (view.estimated ? " (estimated)" : "")
            let summary = "\(view.name) closes in \(ClockText.duration(closing.instant - now))"
            due = NotifyEvent(venue: view.id, kind: .closes, target: closing.instant, step: step, due: at,
                              notification: DesktopNotification(summary: summary, body: body, page: VenueInfo.bundled[view.id]?.pageURL))
        }
        return (due, next)
    }

    /// "Lunch until <closing>", or "open until <closing>" when the meal has no meaningful name.
    private static func until(_ closing: VenueView.Moment, label: String?, now: Int) -> String {
        let until = "until " + ClockText.moment(closing.wall, today: closing.today(at: now))
        return label.map { "\($0) \(until)" } ?? "open \(until)"
    }

    static func dish(_ event: JSONValue, followed: [String], now: Int) -> NotifyEvent? {
        func text(_ key: String) -> String? { if case .string(let value)? = event[key] { UntrustedText.singleLine(value) } else { nil } }
        guard case .number(let number)? = event["venue_id"], let venue = Int(exactly: number), let dish = text("dish"),
              let name = text("venue"), let service = text("service"), let followedName = text("followed"),
              let start = text("start").flatMap(VenueView.moment), let end = text("end").flatMap(VenueView.moment),
              start.instant > now else { return nil }
        let step = FollowedDishes(followed).position(of: followedName) ?? 0
        let hours = MealHours.range(start.wall, end.wall)
        return NotifyEvent(venue: venue, kind: .dish, target: start.instant, step: step, due: now,
                           notification: DesktopNotification(summary: "\(dish) at \(name)", body: "\(service) \(hours)",
                                                             page: VenueInfo.bundled[venue]?.pageURL))
    }

    static func hoursChanged(venue: Int, name: String, hours: String, at now: Int) -> NotifyEvent {
        NotifyEvent(venue: venue, kind: .hours, target: now, step: 0, due: now,
                    notification: DesktopNotification(summary: "Hours changed for \(name) today", body: "now \(hours)",
                                                      page: VenueInfo.bundled[venue]?.pageURL))
    }
}
