import BundledFeed
import DiningHours
import Foundation
import Testing
import VenueReports
import VenuedProtocol
@testable import venued

/// The caches of `Prepared` and `StatusAnswer` must give exactly the answer a fresh
/// computation gives, and never an answer from data that is no longer held.
@Suite struct PreparedCache {
    let monday = Instant(secondsSinceEpoch: 1_695_052_800)    // 2023-09-18T16:00:00Z, noon in New York
    let settings = LiveConfig(Config(environment: [:], uid: 0))

    func store(_ bytes: [UInt8], source: FeedSource = .bundled) throws -> FeedStore {
        FeedStore(held: FeedCopy(feed: try FeedDecoder.decode(bytes), source: source, fetchedAt: nil)) {}
    }

    func answers(_ store: FeedStore) -> StatusAnswer {
        StatusAnswer(prepared: Prepared(store: store, settings: settings), settings: settings, favoritesFile: nil)
    }

    func options(_ venues: [String] = [], tz: String = "America/New_York") -> StatusOptions {
        var options = StatusOptions()
        options.venues = venues
        options.tz = tz
        return options
    }

    func fresh(_ store: FeedStore, _ options: StatusOptions, at now: Instant) throws -> String {
        let held = store.held
        let report = try StatusReport(options: options, feed: FeedCopy(feed: held.feed, source: held.source), now: now,
                                      dataAge: store.age(of: held, refreshSeconds: settings.current.refreshSeconds, now: now))
        return Reply.ok(StatusJSON.members(report))
    }

    @Test func aCachedLineIsTheLineAFreshComputationGives() throws {
        let store = try store(BundledFeed.bytes)
        let prepared = answers(store)
        for (venues, tz) in [([], "America/New_York"), (["commons"], "America/New_York"), ([], "Europe/London")] {
            let first = try prepared.line(options(venues, tz: tz), presentation: nil, at: monday)
            let second = try prepared.line(options(venues, tz: tz), presentation: nil, at: monday)
            #expect(first == second)
            #expect(first == (try fresh(store, options(venues, tz: tz), at: monday)))
        }
    }

    @Test func textAndJSONAreCachedApart() throws {
        let prepared = answers(try store(BundledFeed.bytes))
        let json = try prepared.line(options(), presentation: nil, at: monday)
        let text = try prepared.line(options(), presentation: StatusPresentation(format: .plain, color: false, userZone: "America/New_York"), at: monday)
        let colored = try prepared.line(options(), presentation: StatusPresentation(format: .plain, color: true, userZone: "America/New_York"), at: monday)
        #expect(json.contains("\"venues\"") && !json.contains("\"text\""))
        #expect(text.contains("\"text\"") && !text.contains("\\u001b"))
        #expect(colored.contains("\\u001b["))
    }

    @Test func eachSecondHasItsOwnAnswer() throws {
        let store = try store(BundledFeed.bytes)
        let prepared = answers(store)
        let now = try prepared.line(options(), presentation: nil, at: monday)
        let later = try prepared.line(options(), presentation: nil, at: monday + 1)
        #expect(now != later)
        #expect(later == (try fresh(store, options(), at: monday + 1)))
        // An older second asked late is still answered right (just not kept).
        #expect(try prepared.line(options(), presentation: nil, at: monday) == now)
    }

    @Test func newDataOrANewSourceIsNeverAnsweredFromTheCache() throws {
        let store = try store(BundledFeed.bytes)
        let prepared = answers(store)
        let bundled = try prepared.line(options(), presentation: nil, at: monday)
        #expect(bundled.contains(#""source":"bundled""#))

        // The same venues from another source: only `source` changes.
        store.replace(with: FeedCopy(feed: store.held.feed, source: .backup, fetchedAt: nil))
        let backup = try prepared.line(options(), presentation: nil, at: monday)
        #expect(backup == bundled.replacingOccurrences(of: #""source":"bundled""#, with: #""source":"backup""#))

        // Other venues: a fresh campus.
        let renamed = Array(String(decoding: BundledFeed.bytes, as: UTF8.self)
            .replacingOccurrences(of: "1920 Commons", with: "Renamed Commons").utf8)
        store.replace(with: FeedCopy(feed: try FeedDecoder.decode(renamed), source: .primary, fetchedAt: nil))
        let primary = try prepared.line(options(), presentation: nil, at: monday)
        #expect(primary.contains("Renamed Commons"))
        #expect(primary == (try fresh(store, options(), at: monday)))
    }

    @Test func errorsAreThoseOfVenuectl() throws {
        let prepared = answers(try store(BundledFeed.bytes))
        #expect(throws: ProtocolError.self) { try prepared.line(options(["no such venue"]), presentation: nil, at: monday) }
        #expect(throws: ProtocolError.self) { try prepared.line(options(tz: "Mars/Olympus"), presentation: nil, at: monday) }
    }
}

/// What a client can make venued keep is bounded, and what it asks costs in proportion.
@Suite struct AnswerBudgets {
    @Test func anAnswerOverTheBudgetIsRefusedNotSent() throws {
        let store = FeedStore(held: FeedCopy(feed: try FeedDecoder.decode(BundledFeed.bytes), source: .bundled, fetchedAt: nil)) {}
        let settings = LiveConfig(Config(environment: ["HOME": "/nonexistent"], uid: 1000))
        let answers = StatusAnswer(prepared: Prepared(store: store, settings: settings), settings: settings, favoritesFile: nil)
        let longest = String(repeating: "{name} {state} {changes_in} {detail} ", count: StatusTemplate.lengthLimit / 40)
        let presentation = StatusPresentation(format: .template(try StatusTemplate(longest)), color: false, userZone: nil)
        let monday = Instant(secondsSinceEpoch: 1_695_052_800)
        do {
            let line = try answers.line(StatusOptions(), presentation: presentation, at: monday)
            #expect(line.utf8.count <= StatusAnswer.answerBudget)
        } catch {
            #expect(error.message.contains("over"))
        }
    }

    @Test func zoneNamesHaveOneSpellingSoTheyCannotFillTheCache() {
        for name in ["America/./New_York", "America//New_York", "./America/New_York", "America/New_York/", "America/../America/New_York"] {
            #expect(throws: ZoneError.self) { try ZoneDatabase.system.rules(name) }
        }
    }
}
