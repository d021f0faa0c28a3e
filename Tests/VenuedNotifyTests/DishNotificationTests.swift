import DiningHours
import Testing
@testable import VenuedNotify

/// venued's `dish` event as `venuectl notify` announces it: once per meal and dish,
/// never once the meal has started, and a venue's name and dish cleaned for the screen.
@Suite struct DishNotificationTests {
    static func event(dish: String = "chicken tikka masala", followed: String = "tikka masala", venue: String = "Hill House") throws -> JSONValue {
        let line = #"{"ok":true,"event":"dish","followed":"\#(followed)","dish":"\#(dish)","venue_id":636,"venue":"\#(venue)","#
            + #""service":"Dinner","date":"2026-11-24","start":"2026-11-24T17:00:00-05:00","end":"2026-11-24T20:00:00-05:00","#
            + #""announced_at":"2026-11-24T16:30:00-05:00","text":"x"}"#
        return try JSONParser.parse(Array(line.utf8))
    }

    static let start = NotifyRulesTests.at(17)

    @Test func aDishEventIsANotificationDueAsItComes() throws {
        let now = NotifyRulesTests.at(16, 30)
        let event = try #require(NotifyRules.dish(try Self.event(), followed: ["pizza", "Tikka Masala"], now: now))
        #expect(event.notification.summary == "chicken tikka masala at Hill House")
        #expect(event.notification.body == "Dinner 5:00–8:00 PM")
        #expect(event.kind == .dish && event.venue == 636 && event.target == Self.start && event.due == now)
        // Its place in the followed list: a second dish of the same meal is a later step.
        #expect(event.step == 1)
        #expect(event.notification.page != nil)
    }

    @Test func aMealThatStartedIsNotAnnounced() throws {
        #expect(NotifyRules.dish(try Self.event(), followed: ["tikka masala"], now: Self.start) == nil)
    }

    @Test func oncePerMealAndDishAcrossRestarts() throws {
        let now = NotifyRulesTests.at(16, 30)
        let tikka = try #require(NotifyRules.dish(try Self.event(), followed: ["tikka masala", "pizza"], now: now))
        let pizza = try #require(NotifyRules.dish(try Self.event(dish: "pizza", followed: "pizza"), followed: ["tikka masala", "pizza"], now: now))
        var state = NotifiedState()
        state.record(tikka, id: 7)
        #expect(!state.isNew(tikka) && state.isNew(pizza))
        // The file a restart reads back says the same.
        let again = NotifiedState.parse(state.text)
        #expect(again.badLines == 0 && !again.state.isNew(tikka))
    }

    @Test func hostileTextIsCleaned() throws {
        let event = try #require(NotifyRules.dish(try Self.event(dish: "\\u001b]0;x\\u0007soup\\u202e", venue: "Hill\\nHouse"),
                                                  followed: ["tikka masala"], now: NotifyRulesTests.at(16)))
        #expect(!event.notification.summary.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E })
    }
}
