import BundledFeed
import DiningHours
import Foundation
import Testing
import VenueReports
import VenuedProtocol
@testable import venued

/// The loop's caches (`Prepared`'s campuses, `StatusLines`) must give exactly the answer
/// a fresh computation gives, and never an answer from data that is no longer held.
@Suite struct PreparedCache {
    let monday = Instant(secondsSinceEpoch: 1_695_052_800)    // 2023-09-18T16:00:00Z, noon in New York

    func snapshot(_ bytes: [UInt8], source: FeedSource = .bundled, version: Int = 0) throws -> Snapshot {
        Snapshot(held: FeedCopy(feed: try FeedDecoder.decode(bytes), source: source, fetchedAt: nil), bytes: bytes, version: version,
                 config: Config(environment: [:], uid: 0))
    }

    func options(_ venues: [String] = [], tz: String = "America/New_York") -> StatusOptions {
        var options = StatusOptions()
        options.venues = venues
        options.tz = tz
        return options
    }

    func fresh(_ snapshot: Snapshot, _ options: StatusOptions, at now: Instant) throws -> String {
        let held = snapshot.held
        let report = try StatusReport(options: options, feed: FeedCopy(feed: held.feed, source: held.source), now: now,
                                      dataAge: snapshot.age(now: now))
        return Reply.ok(StatusJSON.members(report))
    }

    @Test func aLineFromBuiltCampusesIsTheLineAFreshComputationGives() throws {
        let snapshot = try snapshot(BundledFeed.bytes)
        var prepared = Prepared(snapshot)
        for (venues, tz) in [([], "America/New_York"), (["commons"], "America/New_York"), ([], "Europe/London")] {
            let first = try prepared.line(options(venues, tz: tz), presentation: nil, favorites: Favorites(), at: monday)
            prepared.build(try prepared.zone(options(venues, tz: tz)))
            let second = try prepared.line(options(venues, tz: tz), presentation: nil, favorites: Favorites(), at: monday)
            #expect(first == second)
            #expect(first == (try fresh(snapshot, options(venues, tz: tz), at: monday)))
        }
    }

    @Test func textAndJSONDiffer() throws {
        let prepared = Prepared(try snapshot(BundledFeed.bytes))
        let json = try prepared.line(options(), presentation: nil, favorites: Favorites(), at: monday)
        let text = try prepared.line(options(), presentation: StatusPresentation(format: .plain, color: false, userZone: "America/New_York"),
                                     favorites: Favorites(), at: monday)
        let colored = try prepared.line(options(), presentation: StatusPresentation(format: .plain, color: true, userZone: "America/New_York"),
                                        favorites: Favorites(), at: monday)
        #expect(json.contains("\"venues\"") && !json.contains("\"text\""))
        #expect(text.contains("\"text\"") && !text.contains("\\u001b"))
        #expect(colored.contains("\\u001b["))
    }

    @Test func aKeptLineIsForItsSecondAndItsDataOnly() throws {
        var lines = StatusLines()
        let request = #"{"v":1,"cmd":"status"}"#
        func kept(_ text: String, version: Int, at instant: Instant) -> String? {
            Array(text.utf8).withUnsafeBytes { lines.line(forRequest: $0, version: version, at: instant) }
        }
        func remember(_ line: String, at instant: Instant) {
            Array(request.utf8).withUnsafeBytes { lines.remember(line, forRequest: $0, version: 3, at: instant) }
        }
        remember("line", at: monday)
        #expect(kept(request, version: 3, at: monday) == "line")
        #expect(kept(request, version: 3, at: monday + 1) == nil)
        #expect(kept(request, version: 4, at: monday) == nil)
        #expect(kept(#"{"v":1,"cmd":"status","open_now":true}"#, version: 3, at: monday) == nil)
        // As long as the kept request, one byte apart.
        #expect(kept(#"{"v":1,"cmd":"statux"}"#, version: 3, at: monday) == nil)
        // A new second starts afresh.
        remember("later", at: monday + 1)
        #expect(kept(request, version: 3, at: monday) == nil)
        #expect(kept(request, version: 3, at: monday + 1) == "later")
    }

    @Test func newDataOrANewSourceIsAnsweredFromItsOwnSnapshot() throws {
        let bundled = try snapshot(BundledFeed.bytes)
        let line = try Prepared(bundled).line(options(), presentation: nil, favorites: Favorites(), at: monday)
        #expect(line.contains(#""source":"bundled""#))
        var backup = bundled
        backup.held = FeedCopy(feed: bundled.held.feed, source: .backup, fetchedAt: nil)
        backup.version += 1
        let fromBackup = try Prepared(backup).line(options(), presentation: nil, favorites: Favorites(), at: monday)
        #expect(fromBackup == line.replacingOccurrences(of: #""source":"bundled""#, with: #""source":"backup""#))
        let renamed = Array(String(decoding: BundledFeed.bytes, as: UTF8.self)
            .replacingOccurrences(of: "1920 Commons", with: "Renamed Commons").utf8)
        let primary = try snapshot(renamed, source: .primary, version: 2)
        let fromPrimary = try Prepared(primary).line(options(), presentation: nil, favorites: Favorites(), at: monday)
        #expect(fromPrimary.contains("Renamed Commons"))
        #expect(fromPrimary == (try fresh(primary, options(), at: monday)))
    }

    @Test func errorsAreThoseOfVenuectl() throws {
        let prepared = Prepared(try snapshot(BundledFeed.bytes))
        #expect(throws: ProtocolError.self) { try prepared.line(options(["no such venue"]), presentation: nil, favorites: Favorites(), at: monday) }
        #expect(throws: ProtocolError.self) { try prepared.line(options(tz: "Mars/Olympus"), presentation: nil, favorites: Favorites(), at: monday) }
    }
}

/// What a client can make venued keep is bounded, and what it asks costs in proportion.
@Suite struct AnswerBudgets {
    @Test func anAnswerOverTheBudgetIsRefusedNotSent() throws {
        let snapshot = Snapshot(held: FeedCopy(feed: try FeedDecoder.decode(BundledFeed.bytes), source: .bundled, fetchedAt: nil),
                                bytes: BundledFeed.bytes, config: Config(environment: ["HOME": "/nonexistent"], uid: 1000))
        let longest = String(repeating: "{name} {state} {changes_in} {detail} ", count: StatusTemplate.lengthLimit / 40)
        let presentation = StatusPresentation(format: .template(try StatusTemplate(longest)), color: false, userZone: nil)
        let monday = Instant(secondsSinceEpoch: 1_695_052_800)
        do throws(ProtocolError) {
            let line = try Prepared(snapshot).line(StatusOptions(), presentation: presentation, favorites: Favorites(), at: monday)
            #expect(line.utf8.count <= Prepared.answerBudget)
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
