import BundledFeed
import DiningHours
import Foundation
import Testing
import VenueReports
import VenuedProtocol
@testable import venued

/// MENUS.md "Followed dishes", as venued's loop pushes them: the hub and its renderer
/// driven by a virtual clock, which the loop's wall-clock timer stands in for. Chicken
/// tikka masala is served at Hill House's Dinner, 17:00–20:00 New York, on 2026-03-06
/// (the made-up week of Tests/Fixtures/menus/week); announced 30 minutes before.
@Suite struct FollowedDishPushes {
    static let week = (5...11).map { "2026-03-\($0 < 10 ? "0" : "")\($0)" }

    let prepared: Prepared

    init() throws {
        let zone = try StatusReport.zone("America/New_York")
        let directory = PackagePaths.root.appendingPathComponent("Tests/Fixtures/menus/week")
        let days = try Self.week.map { date in
            DishIndex(MenuBook(try MenuDecoder.decode(Array(try Data(contentsOf: directory.appendingPathComponent("\(date).json"))), zone: zone).menus))
        }
        let bytes = BundledFeed.bytes
        let snapshot = Snapshot(held: FeedCopy(feed: try FeedDecoder.decode(bytes), source: .bundled, fetchedAt: nil), bytes: bytes,
                                config: Config(environment: [:], uid: 0))
        prepared = Prepared(snapshot, dishes: DishIndex(merging: days))
    }

    func instant(_ text: String) throws -> Instant {
        try StatusReport.instant(text, zone: try StatusReport.zone("America/New_York"), now: Instant(secondsSinceEpoch: 0))
    }

    func subscription(_ presentation: StatusPresentation? = nil) -> Subscription {
        var options = StatusOptions()
        options.venues = ["hill"]
        options.dishes = true
        options.followedDishes = ["chicken tikka masala"]
        return Subscription(options: options, presentation: presentation)
    }

    /// What the loop does: a subscriber at `start`, then a round at each wake instant
    /// until `end`. A jump is a suspend (or a step of the clock): no wake from its
    /// `from` on, then a `clockChanged` round at its `to`. Returns the dish events sent,
    /// with the instant of the round that sent each.
    func run(from start: Instant, until end: Instant, jumps: [(from: Instant, to: Instant)] = [],
             presentation: StatusPresentation? = nil) throws -> [(at: Instant, line: String)] {
        var hub = SubscriberHub()
        let renderer = PushRenderer(prepared: prepared)
        let first = try renderer.line(for: subscription(presentation), event: "snapshot", at: start).get()
        hub.add(token: 1, subscription: subscription(presentation), first: first)
        var sent = first.dishEvents.map { (at: start, line: $0.line) }
        var now = start
        var jumps = jumps
        for _ in 0..<1000 {
            let next = hub.nextWake
            if let jump = jumps.first, next.map({ jump.from <= $0 }) ?? true {
                jumps.removeFirst()
                now = jump.to
                hub.request(.clockChanged)
            } else if let next, next <= end {
                now = max(now, next)
                hub.request(.transition)
            } else {
                break
            }
            guard let round = hub.takeRound(at: now) else { continue }
            let delivery = hub.apply(round, renderer.render(round))
            sent += delivery.send.filter { $0.line.contains(#""event":"dish""#) }.map { (at: now, line: $0.line) }
        }
        return sent
    }

    @Test func aFollowedDishIsPushedOnceAtItsLeadTime() throws {
        let sent = try run(from: try instant("2026-03-06T15:00"), until: try instant("2026-03-06T23:00"))
        #expect(sent.count == 1)
        let event = try #require(sent.first)
        #expect(event.at == (try instant("2026-03-06T16:30")))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(event.line.utf8)) as? [String: Any])
        #expect(object["dish"] as? String == "chicken tikka masala" && object["venue"] as? String == "Hill House")
        #expect(object["start"] as? String == "2026-03-06T17:00:00-05:00" && object["service"] as? String == "Dinner")
        #expect(object["text"] as? String == "chicken tikka masala at Hill House, Dinner 5:00–8:00 PM")
    }

    @Test func aResumePastTheMealStartSaysNothing() throws {
        // Asleep from 16:00 to 17:05: the meal has started; nothing is said of it, then or later.
        let sent = try run(from: try instant("2026-03-06T16:00"), until: try instant("2026-03-06T23:00"),
                           jumps: [(try instant("2026-03-06T16:00"), try instant("2026-03-06T17:05"))])
        #expect(sent.isEmpty, "\(sent)")
    }

    @Test func aResumeInsideTheLeadTimeSaysItOnceThen() throws {
        let sent = try run(from: try instant("2026-03-06T16:00"), until: try instant("2026-03-06T23:00"),
                           jumps: [(try instant("2026-03-06T16:00"), try instant("2026-03-06T16:50"))])
        #expect(sent.map(\.at) == [try instant("2026-03-06T16:50")])
    }

    @Test func aClockSetBackIntoTheLeadTimeDoesNotRepeatIt() throws {
        let sent = try run(from: try instant("2026-03-06T16:00"), until: try instant("2026-03-06T23:00"),
                           jumps: [(try instant("2026-03-06T16:40"), try instant("2026-03-06T16:20"))])
        #expect(sent.count == 1, "\(sent)")
    }

    @Test func aSubscriberWithinTheLeadTimeHearsItWithItsSnapshot() throws {
        let sent = try run(from: try instant("2026-03-06T16:45"), until: try instant("2026-03-06T23:00"))
        #expect(sent.map(\.at) == [try instant("2026-03-06T16:45")])
    }

    @Test func aPromptFileSaysItUntilTheMealStarts() throws {
        let prompt = StatusPresentation(format: .prompt, color: false, userZone: "America/New_York")
        let renderer = PushRenderer(prepared: prepared)
        func text(_ at: String) throws -> String { try renderer.line(for: subscription(prompt), event: "transition", at: try instant(at)).get().shown }
        #expect(!(try text("2026-03-06T16:29")).contains("tikka"))
        #expect(try text("2026-03-06T16:30").contains("chicken tikka masala at Hill House, Dinner 5:00–8:00 PM"))
        #expect(!(try text("2026-03-06T17:00")).contains("tikka"))
        // And the follower wakes for both instants.
        let wake = try #require(try renderer.line(for: subscription(prompt), event: "snapshot", at: try instant("2026-03-06T16:00")).get().wakeAt)
        #expect(wake <= (try instant("2026-03-06T16:30")))
    }

    @Test func aPromptFileLineReadsTheDishesOfVenuedsOwnFavoritesFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dishes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(".config/venued/favorites").path
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "636  # Hill House\ndish: Chicken Tikka Masala\n".write(toFile: file, atomically: true, encoding: .utf8)
        let setting = PromptSetting(name: "hill", value: "hill --dishes --format prompt", location: "config:1",
                                    environment: ["HOME": directory.path, "TZ": "America/New_York"])
        let prompt = try setting.subscription.get()
        #expect(prompt.options.favoritesFile == file && prompt.options.followedDishes == nil)
        let text = try PushRenderer(prepared: prepared).line(for: prompt, event: "transition", at: try instant("2026-03-06T16:40")).get().shown
        #expect(text.contains("chicken tikka masala at Hill House, Dinner 5:00–8:00 PM"), "\(text)")
    }
}
