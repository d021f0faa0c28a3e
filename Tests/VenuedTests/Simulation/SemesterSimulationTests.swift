import DiningHours
import Foundation
import Synchronization
import Testing
import VenueReports
import VenuedProtocol
@testable import venued

/// A semester, simulated: venued's refresh chain, store, answers, hub and pushes driven
/// by a virtual clock through 120 days (the feed changing weekly, both 2026 autumn DST
/// switches — London's and New York's — outages, HTTP 500s and 503s with Retry-After,
/// restarts, suspends of hours, steps of the clock both ways), with no real sleeping.
///
/// At every simulated minute the machine is awake, what each subscriber holds is
/// compared with the answer for that instant on the data held: the JSON subscriber's
/// venues with the engine's own statuses, the text subscribers' lines with what
/// `status` renders now. A transition whose push came late, or not at all, or a step of
/// the clock that left a line from another time, is a mismatch at the next minute.
@Suite struct SemesterSimulation {
    struct Figures {
        var days = 0
        var checks = 0
        var pushes = 0
        var refreshes = 0
        var fetches = 0
        var suspends = 0
        var steps = 0
        var restarts = 0
        var worstLateness = 0
        var mismatches: [String] = []
    }

    enum Event {
        case suspend(seconds: Int)
        case step(seconds: Int)
        case restart
    }

    static let days = Int(ProcessInfo.processInfo.environment["VENUED_SIMULATION_DAYS"] ?? "") ?? 120
    /// Monday 2026-08-24, 00:00 in New York.
    static let start = Instant(secondsSinceEpoch: 1_787_544_000)
    static let newYork = try! ZoneDatabase.system.rules("America/New_York")
    static let london = try! ZoneDatabase.system.rules("Europe/London")

    static func subscriptions() throws -> [(UInt64, Subscription)] {
        var everything = StatusOptions()
        everything.tz = "America/New_York"
        var abroad = StatusOptions()
        abroad.venues = ["593", "636", "1442"]
        abroad.tz = "Europe/London"
        var countdown = StatusOptions()
        countdown.venues = ["593", "638"]
        // The plain view's header shows the minute, which no push follows (watch redraws
        // it); a template with the plain view's detail counts down the same way.
        let detail = try StatusTemplate("{name} {phrase} {detail}")
        return [
            (1, Subscription(options: everything, presentation: nil)),
            (2, Subscription(options: abroad, presentation: StatusPresentation(format: .prompt, color: false, userZone: "Europe/London"))),
            (3, Subscription(options: countdown, presentation: StatusPresentation(format: .template(detail), color: false, userZone: "America/New_York"))),
        ]
    }

    /// `VENUED_SIMULATION_SEED` replays another semester; `VENUED_SIMULATION_DAYS` shortens it.
    @Test(arguments: [UInt64(ProcessInfo.processInfo.environment["VENUED_SIMULATION_SEED"] ?? "") ?? 20_261_124])
    func everyMinuteOfASemesterShowsTheAnswerForThatMinute(seed: UInt64) throws {
        let figures = try Self.run(seed: seed)
        print("semester simulation, seed \(seed): \(figures.days) days, \(figures.checks) checks, \(figures.pushes) pushes, "
              + "\(figures.refreshes) refreshes (\(figures.fetches) fetches), \(figures.suspends) suspends, \(figures.steps) clock steps, "
              + "\(figures.restarts) restarts, worst lateness while awake \(figures.worstLateness) s")
        #expect(figures.mismatches.isEmpty, "\(figures.mismatches.count) mismatches, first: \(figures.mismatches.prefix(3).joined(separator: "\n"))")
        #expect(figures.worstLateness == 0)
        #expect(figures.checks > Self.days * 1000 && figures.pushes > Self.days * 10 && figures.restarts > 0 && figures.steps > 0)
    }

    static func run(seed: UInt64) throws -> Figures {
        var random = SplitMix64(seed: seed)
        let upstream = try SimulatedUpstream(start: start, days: days, random: &random)
        let home = DaemonProcess.Home()
        var config = Config(environment: home.environment, uid: getuid())
        config.primaryURL = SimulatedUpstream.primary
        config.backupURL = SimulatedUpstream.backup
        // An hourly refresh, as a user may set it: the chain still runs some 3,000 times
        // (more while the upstream fails), each with a real decode, judgement and cache write.
        config.refreshSeconds = 3600
        let jitter = SplitMix64(seed: seed ^ 0xA5A5)
        let jitterBox = JitterBox(jitter)
        let clock = VirtualClock(start)
        var events: [(at: Int, event: Event)] = []
        for day in 0..<days {
            let at = day * 86_400 + Int.random(in: 0..<86_400, using: &random)
            switch Int.random(in: 0..<30, using: &random) {
            case 0..<3: events.append((at, .suspend(seconds: Int.random(in: 1...9, using: &random) * 3600 + Int.random(in: 0..<3600, using: &random))))
            case 3..<5: events.append((at, .step(seconds: (Bool.random(using: &random) ? 1 : -1) * Int.random(in: 60...7200, using: &random))))
            case 5: events.append((at, .restart))
            default: break
            }
        }
        events.sort { $0.at < $1.at }

        var figures = Figures(days: days)
        let subscriptions = try subscriptions()
        func boot() throws -> SimulatedDaemon {
            let daemon = SimulatedDaemon(clock: clock, config: config, upstream: upstream) { jitterBox.next() }
            daemon.runDue()
            for (token, subscription) in subscriptions { try daemon.subscribe(token, subscription) }
            return daemon
        }
        var trueTime = 0, offset = 0
        func wall() -> Int { start.secondsSinceEpoch + trueTime + offset }
        func move(to time: Int) {
            trueTime = time
            upstream.trueTime.withLock { $0 = time }
            clock.set(Instant(secondsSinceEpoch: wall()))
        }
        move(to: 0)
        var daemon = try boot()
        var checker = Checker()
        var nextEvent = 0
        var nextCheck = 0
        let end = days * 86_400
        for _ in 0..<2_000_000 {
            let deadline = daemon.nextDeadline.map { $0.secondsSinceEpoch - start.secondsSinceEpoch - offset } ?? Int.max
            let eventAt = nextEvent < events.count ? events[nextEvent].at : Int.max
            let next = max(trueTime, min(deadline, nextCheck, eventAt))
            guard next < end else { break }
            move(to: next)
            if next == eventAt {
                let event = events[nextEvent].event
                nextEvent += 1
                switch event {
                case .suspend(let seconds):
                    figures.suspends += 1
                    move(to: trueTime + seconds)
                    daemon.runDue(clockSet: true)
                case .step(let seconds):
                    figures.steps += 1
                    offset += seconds
                    move(to: trueTime)
                    daemon.runDue(clockSet: true)
                case .restart:
                    figures.restarts += 1
                    figures.pushes += daemon.pushes
                    figures.refreshes += daemon.refreshes
                    daemon = try boot()
                }
                nextCheck = max(trueTime, nextMinute(wall()) - start.secondsSinceEpoch - offset)
                continue
            }
            // The deadlines that came are met at their instant: that is the lateness.
            if next == deadline, let due = daemon.nextDeadline {
                figures.worstLateness = max(figures.worstLateness, wall() - due.secondsSinceEpoch)
            }
            daemon.runDue()
            if next == nextCheck {
                figures.checks += 1
                checker.check(daemon, subscriptions, at: clock.now(), into: &figures)
                nextCheck = nextMinute(wall()) - start.secondsSinceEpoch - offset
            }
        }
        figures.pushes += daemon.pushes
        figures.refreshes += daemon.refreshes
        figures.fetches = upstream.fetches.load(ordering: .relaxed)
        figures.mismatches += daemon.ended
        return figures
    }

    private static func nextMinute(_ wall: Int) -> Int { (wall / 60 + 1) * 60 }
}

/// Jitter for the refresh schedule, from its own seeded stream.
final class JitterBox: Sendable {
    private let state: Mutex<SplitMix64>
    init(_ random: SplitMix64) { state = Mutex(random) }
    func next() -> Double { state.withLock { Double.random(in: 0..<1, using: &$0) } }
}

/// Compares what subscribers hold with the answer for the instant, remembering the
/// parse of each line it has seen (lines change only at pushes).
struct Checker {
    private var parsed: [String: [Int: String]] = [:]
    private var texts: [String: String] = [:]
    /// Each venue's schedule around the day checked, kept while data and date hold.
    private var schedules: (version: Int, date: LocalDate, schedules: [(Int, Schedule)])?

    mutating func check(_ daemon: SimulatedDaemon, _ subscriptions: [(UInt64, Subscription)], at now: Instant,
                        into figures: inout SemesterSimulation.Figures) {
        for (token, subscription) in subscriptions {
            guard let line = daemon.held[token] else {
                figures.mismatches.append("\(now): subscriber \(token) holds nothing")
                continue
            }
            if let presentation = subscription.presentation {
                let held = text(of: line)
                let fresh = (try? daemon.prepared.report(subscription.options, favorites: Favorites(), at: now)).map(presentation.render)
                if held != fresh { figures.mismatches.append("\(now): subscriber \(token) holds\n\(held ?? "?")\nbut status says\n\(fresh ?? "?")") }
            } else {
                let held = venues(of: line)
                let expected = engine(daemon, at: now)
                if held != expected {
                    let differing = expected.keys.filter { held[$0] != expected[$0] }.prefix(2)
                        .map { "venue \($0): holds \(held[$0] ?? "nothing"), engine \(expected[$0] ?? "nothing")" }
                    figures.mismatches.append("\(now): JSON subscriber: " + differing.joined(separator: "; "))
                }
            }
        }
    }

    /// The engine's own answer for every venue of the held data, at `now`.
    private mutating func engine(_ daemon: SimulatedDaemon, at now: Instant) -> [Int: String] {
        let (held, version) = (daemon.snapshot.held, daemon.snapshot.version)
        let zone = SemesterSimulation.newYork
        let date = zone.localDate(of: now)
        if schedules?.version != version || schedules?.date != date {
            let campus = Campus(feed: held.feed, zone: zone)
            schedules = (version, date, campus.timetables.map { ($0.venue.id, $0.schedule(around: now)) })
        }
        var answers: [Int: String] = [:]
        for (id, schedule) in schedules?.schedules ?? [] {
            let status = schedule.status(at: now)
            // The label is the reports' choice among overlapping dayparts; the engine's
            // state and boundary are what a transition moves.
            answers[id] = Self.describe(state: status.state.rawValue, changesAt: status.changesAt.map(zone.iso8601))
        }
        return answers
    }

    private mutating func venues(of line: String) -> [Int: String] {
        if let known = parsed[line] { return known }
        var answers: [Int: String] = [:]
        if let document = try? JSONParser.parse(Array(line.utf8)), case .array(let venues)? = document["venues"] {
            for venue in venues {
                guard case .number(let id)? = venue["id"], let key = Int(exactly: id), case .string(let state)? = venue["state"] else { continue }
                let changesAt: String? = if case .string(let text)? = venue["changes_at"] { text } else { nil }
                answers[key] = Self.describe(state: state, changesAt: changesAt)
            }
        }
        if parsed.count > 4096 { parsed.removeAll() }
        parsed[line] = answers
        return answers
    }

    private mutating func text(of line: String) -> String? {
        if let known = texts[line] { return known }
        guard let document = try? JSONParser.parse(Array(line.utf8)), case .string(let text)? = document["text"] else { return nil }
        if texts.count > 4096 { texts.removeAll() }
        texts[line] = text
        return text
    }

    private static func describe(state: String, changesAt: String?) -> String {
        "\(state) until \(changesAt ?? "-")"
    }
}
