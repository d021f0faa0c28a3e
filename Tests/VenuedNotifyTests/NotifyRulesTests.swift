import DiningHours
import Testing
import VenuedProtocol
@testable import VenuedNotify

/// What `venuectl notify` announces, and when: the rules as pure functions of views and
/// the instant, the state that keeps each notification to one, and the Notify call a
/// server's capabilities shape.
@Suite struct NotifyRulesTests {
    /// 2026-11-24 in New York (UTC-5): a wall clock and its instant.
    static func moment(_ hour: Int, _ minute: Int = 0) -> VenueView.Moment {
        let wall = LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 24)!, secondOfDay: hour * 3600 + minute * 60)
        return VenueView.Moment(instant: wall.wallSeconds + 5 * 3600, wall: wall)
    }

    static func at(_ hour: Int, _ minute: Int = 0, _ second: Int = 0) -> Int { moment(hour, minute).instant + second }

    static let lunch = VenueView(id: 593, name: "1920 Commons", state: .open, label: "Lunch", changesAt: moment(14))

    @Test func aCountdownStepIsDueAtItsMinuteAndSaysTheTimeLeft() throws {
        let first = NotifyRules.reminder(for: Self.lunch, before: [15, 5], now: Self.at(13, 45))
        let event = try #require(first.due)
        #expect(event.notification.summary == "1920 Commons closes in 15 min")
        #expect(event.notification.body == "Lunch until 2:00 PM")
        #expect(event.notification.page == "https://university-of-pennsylvania.cafebonappetit.com/cafe/1920-commons")
        #expect(event.kind == .closes && event.target == Self.at(14) && event.step == 0 && event.due == Self.at(13, 45))
        #expect(first.next == Self.at(13, 55))
        #expect(NotifyRules.reminder(for: Self.lunch, before: [15, 5], now: Self.at(13, 44, 59)).due == nil)
    }

    @Test func aLateWakeSendsOnlyTheLatestStepAndNothingPastTheGrace() throws {
        let late = try #require(NotifyRules.reminder(for: Self.lunch, before: [15, 5], now: Self.at(13, 56)).due)
        #expect(late.step == 1 && late.notification.summary == "1920 Commons closes in 4 min" && late.isDue(at: Self.at(13, 56)))
        // Resumed at 13:58: the 13:55 step is 3 minutes old, past the 2-minute grace.
        let stale = try #require(NotifyRules.reminder(for: Self.lunch, before: [15, 5], now: Self.at(13, 58)).due)
        #expect(!stale.isDue(at: Self.at(13, 58)))
        #expect(NotifyRules.reminder(for: Self.lunch, before: [15, 5], now: Self.at(14)) == (nil, nil))
    }

    @Test func anOpeningIsTheAnnouncedOneArriving() throws {
        let closed = VenueView(id: 636, name: "Hill House", state: .closed, nextLabel: "Dinner", changesAt: Self.moment(17))
        let open = VenueView(id: 636, name: "Hill House", state: .open, label: "Dinner", changesAt: Self.moment(20, 30))
        let event = try #require(NotifyRules.opening(from: closed, to: open, now: Self.at(17)))
        #expect(event.notification.summary == "Hill House is open now for Dinner" && event.notification.body == "Dinner until 8:30 PM")
        #expect(event.target == Self.at(17) && event.isDue(at: Self.at(17, 1)) && !event.isDue(at: Self.at(17, 3)))
        // Not news: the first sight, coming out of unknown, or new data that opens it early.
        #expect(NotifyRules.opening(from: nil, to: open, now: Self.at(17)) == nil)
        #expect(NotifyRules.opening(from: VenueView(id: 636, name: "Hill House", state: .unknown), to: open, now: Self.at(17)) == nil)
        #expect(NotifyRules.opening(from: closed, to: open, now: Self.at(16)) == nil)
    }

    @Test func labelsThatRepeatTheNameAndEstimatesAreSaidAsSuch() throws {
        let joes = VenueView(id: 1733, name: "Joe's Café", state: .open, label: "Joe's Cafe", changesAt: Self.moment(24), estimated: true)
        let event = try #require(NotifyRules.reminder(for: joes, before: [15], now: Self.at(23, 45)).due)
        #expect(event.notification.summary == "Joe's Café closes in 15 min")
        #expect(event.notification.body == "open until midnight (estimated)")
    }

    @Test func theStateSendsEachEventOnceAndReplacesACountdown() throws {
        var state = NotifiedState()
        let step0 = try #require(NotifyRules.reminder(for: Self.lunch, before: [15, 5], now: Self.at(13, 45)).due)
        let step1 = try #require(NotifyRules.reminder(for: Self.lunch, before: [15, 5], now: Self.at(13, 55)).due)
        #expect(state.isNew(step0) && state.replacedID(for: step0) == 0)
        state.record(step0, id: 7)
        #expect(!state.isNew(step0) && state.isNew(step1) && state.replacedID(for: step1) == 7)
        state.record(step1, id: 7)
        #expect(!state.isNew(step0) && !state.isNew(step1) && state.countdown(venue: 593, closing: Self.at(14)) == 7)
        // The next day's closing is a new countdown, a new notification.
        let tomorrow = VenueView(id: 593, name: "1920 Commons", state: .open, label: "Lunch",
                                 changesAt: VenueView.Moment(instant: Self.at(14) + 86_400, wall: Self.moment(14).wall.adding(days: 1)))
        let next = try #require(NotifyRules.reminder(for: tomorrow, before: [15, 5], now: Self.at(13, 45) + 86_400).due)
        #expect(state.isNew(next) && state.replacedID(for: next) == 0)

        let (read, bad) = NotifiedState.parse(state.text + "garbage line\n593 closes x 0 1\n")
        #expect(read == state && bad == 2)
        #expect(state.text.hasSuffix("593 closes \(Self.at(14)) 1 7\n"))
    }

    @Test func hoursAreComparedForTheSameDateOnly() throws {
        func answer(_ today: String, _ open: String) -> Answer {
            Answer(line: Array(#"{"ok":true,"today":"\#(today)","days":[{"date":"\#(today)","known":true,"open_all_day":false,"open":\#(open)}]}"#.utf8))!
        }
        let before = try #require(HoursWatch.today(in: answer("2026-11-24", #"[{"start":"2026-11-24T11:00:00-05:00","end":"2026-11-24T14:00:00-05:00"}]"#)))
        let after = try #require(HoursWatch.today(in: answer("2026-11-24",
            #"[{"start":"2026-11-24T11:00:00-05:00","end":"2026-11-24T14:30:00-05:00"},{"start":"2026-11-24T17:00:00-05:00","end":"2026-11-25T00:00:00-05:00"}]"#)))
        #expect(after.text == "11:00 AM–2:30 PM, 5:00 PM–midnight")
        #expect(try #require(HoursWatch.today(in: answer("2026-11-24", "[]"))).text == "closed all day")
        var watch = HoursWatch()
        let nextDay = try #require(HoursWatch.today(in: answer("2026-11-25", "[]")))
        // The first sight, the same again, a change; then midnight passed: a new date is
        // a new baseline, not a change.
        let changes = [before, before, after, nextDay].map { watch.changed(venue: 1442, to: $0) }
        #expect(changes == [false, false, true, false])
        let event = NotifyRules.hoursChanged(venue: 1442, name: "Lauder College House", hours: after.text, at: Self.at(9))
        #expect(event.notification.summary == "Hours changed for Lauder College House today" && event.notification.body == "now \(after.text)")
    }

    @Test func theNotifyCallFollowsTheServersCapabilities() {
        let notification = DesktopNotification(summary: "Ink <b>Pub</b> closes in 5 min", body: "Pub & <i>Grill</i> until 2:00 PM",
                                               page: "https://example.org/?a=1&b=2")
        let full = notification.call(replacing: 9, capabilities: ["actions", "body", "body-markup", "body-hyperlinks"])
        #expect(full.replacing == 9 && full.summary == "Ink <b>Pub</b> closes in 5 min" && full.urgency == 1)
        #expect(full.body == "Pub &amp; &lt;i&gt;Grill&lt;/i&gt; until 2:00 PM")
        #expect(full.actions == ["default", "Open page", "open", "Open page"])
        let links = notification.call(replacing: 0, capabilities: ["body", "body-markup", "body-hyperlinks"])
        #expect(links.body == "Pub &amp; &lt;i&gt;Grill&lt;/i&gt; until 2:00 PM\n<a href=\"https://example.org/?a=1&amp;b=2\">Open page</a>")
        #expect(links.actions == [])
        let plain = notification.call(replacing: 0, capabilities: ["body"])
        #expect(plain.body == "Pub & <i>Grill</i> until 2:00 PM" && plain.actions == [])
    }

    /// sd-bus checked each signal's signature; what counts is who sent it: any program of
    /// the session can send a signal named ActionInvoked, only the server's are acted on.
    @Test func onlyTheServersSignalsCount() {
        let server = ":1.7"
        #expect(DesktopNotifications.signal(.actionInvoked(sender: server, id: 3, action: "default"), from: server) == .actionInvoked(id: 3, action: "default"))
        #expect(DesktopNotifications.signal(.activationToken(sender: server, id: 3, token: "t"), from: server) == .activationToken(id: 3, token: "t"))
        #expect(DesktopNotifications.signal(.closed(sender: server, id: 3, reason: 2), from: server) == .closed(id: 3, reason: 2))
        #expect(DesktopNotifications.signal(.actionInvoked(sender: ":1.9", id: 3, action: "default"), from: server) == nil)
        #expect(DesktopNotifications.signal(.actionInvoked(sender: server, id: 3, action: "default"), from: nil) == nil)
        #expect(DesktopNotifications.signal(.reply(call: 2, sender: server, id: 3, names: []), from: server) == nil)
    }
}
