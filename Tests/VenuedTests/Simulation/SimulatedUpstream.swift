import BundledFeed
import DiningHours
import Foundation
import Synchronization
import VenueReports
@testable import venued

/// A clock the simulation moves: what the daemon's parts read as "now".
final class VirtualClock: InstantSource {
    private let seconds: Mutex<Int>
    init(_ start: Instant) { seconds = Mutex(start.secondsSinceEpoch) }
    func now() -> Instant { Instant(secondsSinceEpoch: seconds.withLock { $0 }) }
    func set(_ instant: Instant) { seconds.withLock { $0 = instant.secondsSinceEpoch } }
}
/// Penn's endpoints as the simulation plays them, by true time (the upstream's clock
/// does not step with ours): the primary publishes each week's feed on the Thursday noon
/// before it, built from the real 2023 week with that week's changes (a venue's hours
/// cut short, a closed day, a break message); it has outages (connection refused), runs
/// of HTTP 500, a 503 with Retry-After, and sometimes says the response stays fresh for
/// 12 hours. The backup serves the stale 2023 week, as the real backup does.
final class SimulatedUpstream: Sendable {
    enum Mood: Sendable, Equatable {
        case refused
        case error500
        case busy503
    }

    struct Trouble: Sendable {
        let from: Int
        let until: Int
        let mood: Mood
    }

    /// The Saturday the real 2023 week starts on.
    static let origin = LocalDate(dayNumber: 19_616)
    static let primary = "https://primary.invalid/venues"
    static let backup = "https://backup.invalid/venues"

    private let base: JSONValue
    private let start: Int
    private let troubles: [Trouble]
    /// Seconds of true time since the start; set by the simulation.
    let trueTime = Mutex<Int>(0)
    let fetches = Atomic<Int>(0)
    /// Weeks whose changes are drawn: (venue index, kind) per week.
    private let changes: [Int: (venue: Int, cutEnds: Bool, closedDay: Int?, message: String?)]

    init(start: Instant, days: Int, random: inout SplitMix64) throws {
        base = try JSONParser.parse(BundledFeed.bytes)
        self.start = start.secondsSinceEpoch
        var troubles: [Trouble] = []
        for day in 0..<days {
            let dayStart = self.start + day * 86_400
            if Int.random(in: 0..<10, using: &random) == 0 {
                let from = dayStart + Int.random(in: 0..<86_400, using: &random)
                troubles.append(Trouble(from: from, until: from + Int.random(in: 1...8, using: &random) * 3600, mood: .refused))
            }
            if Int.random(in: 0..<12, using: &random) == 0 {
                let from = dayStart + Int.random(in: 0..<86_400, using: &random)
                troubles.append(Trouble(from: from, until: from + Int.random(in: 10...180, using: &random) * 60, mood: .error500))
            }
            if Int.random(in: 0..<20, using: &random) == 0 {
                let from = dayStart + Int.random(in: 0..<86_400, using: &random)
                troubles.append(Trouble(from: from, until: from + 1800, mood: .busy503))
            }
        }
        self.troubles = troubles
        var changes: [Int: (venue: Int, cutEnds: Bool, closedDay: Int?, message: String?)] = [:]
        for week in 0...(days / 7 + 2) {
            changes[week] = (venue: Int.random(in: 0..<15, using: &random), cutEnds: Bool.random(using: &random),
                             closedDay: Bool.random(using: &random) ? Int.random(in: 0..<7, using: &random) : nil,
                             message: week == 7 ? "Fall Break" : nil)
        }
        self.changes = changes
    }

    /// The fetch the refresher makes, answered at the current true time.
    func fetch(_ url: String, _ validators: Validators?, _ timeout: Double) -> FetchResult {
        fetches.add(1, ordering: .relaxed)
        let now = start + trueTime.withLock { $0 }
        if url == Self.backup { return .body(BundledFeed.bytes, Validators(), FreshnessHeaders()) }
        switch troubles.first(where: { $0.from <= now && now < $0.until })?.mood {
        case .refused?: return .failed("connection refused")
        case .error500?: return .failed("HTTP 500: upstream trouble")
        case .busy503?: return .failed("HTTP 503", retryAfter: RetryAfterHeader(value: "900", date: nil))
        case nil: break
        }
        // Weeks run Saturday to Friday, published on the Thursday noon before.
        let (week, saturday) = Self.week(servedAt: now)
        let headers = week % 3 == 0 ? FreshnessHeaders(cacheControl: "max-age=43200") : FreshnessHeaders()
        return .body(feed(week: week, saturday: saturday), Validators(), headers)
    }

    /// The week served at `now` (its index from an arbitrary origin) and its Saturday.
    static func week(servedAt now: Int) -> (Int, LocalDate) {
        // 2023-09-16 was a Saturday; publication is 36 h before it (Thursday noon, UTC-ish).
        let origin = Self.origin
        let daysSinceOrigin = (now + 36 * 3600 - 1_694_822_400).quotientRoundingDown(by: 86_400)
        let week = daysSinceOrigin.quotientRoundingDown(by: 7)
        return (week, origin.adding(days: week * 7))
    }

    private func feed(week: Int, saturday: LocalDate) -> [UInt8] {
        let change = changes[week % (changes.count)] ?? (venue: 0, cutEnds: false, closedDay: nil, message: nil)
        guard case .array(let venues) = base else { return [] }
        let shifted = venues.enumerated().map { index, venue in
            shift(venue, to: saturday, change: index == change.venue ? change : nil, message: change.message)
        }
        return Array(JSONWriter.text(.array(shifted)).utf8)
    }

    /// A venue of the 2023 week moved to the week of `saturday`, with this week's change.
    private func shift(_ venue: JSONValue, to saturday: LocalDate,
                       change: (venue: Int, cutEnds: Bool, closedDay: Int?, message: String?)?, message: String?) -> JSONValue {
        guard case .object(let members) = venue else { return venue }
        let origin = Self.origin
        func moved(_ text: String) -> String {
            guard text.count >= 10, let date = Self.date(String(text.prefix(10))) else { return text }
            return "\(saturday.adding(days: date.dayNumber - origin.dayNumber))" + text.dropFirst(10)
        }
        return .object(members.map { key, value in
            guard key == "days", case .array(let days) = value else { return (key, value) }
            return (key, .array(days.enumerated().map { dayIndex, day in
                guard case .object(let fields) = day else { return day }
                return .object(fields.map { field, content -> (key: String, value: JSONValue) in
                    switch (field, content) {
                    case ("date", .string(let date)): return (field, .string(moved(date)))
                    case ("status", _) where change?.closedDay == dayIndex: return (field, .string("closed"))
                    case ("dayparts", .array(let parts)):
                        return (field, .array(parts.map { part in
                            guard case .object(let times) = part else { return part }
                            return .object(times.map { name, time -> (key: String, value: JSONValue) in
                                switch (name, time) {
                                case ("starttime", .string(let text)): return (name, .string(moved(text)))
                                case ("endtime", .string(let text)):
                                    // This week's cut: services end half an hour early.
                                    let end = moved(text)
                                    return (name, .string(change?.cutEnds == true ? Self.halfHourEarlier(end) : end))
                                case ("message", _) where message != nil: return (name, .string(message ?? ""))
                                default: return (name, time)
                                }
                            })
                        }))
                    default: return (field, content)
                    }
                })
            }))
        })
    }

    static func date(_ text: String) -> LocalDate? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return LocalDate(year: parts[0], month: parts[1], day: parts[2])
    }

    private static func halfHourEarlier(_ text: String) -> String {
        guard text.count >= 16, let minutes = Int(text.dropFirst(14).prefix(2)), let hours = Int(text.dropFirst(11).prefix(2)),
              hours * 60 + minutes >= 30 else { return text }
        let total = hours * 60 + minutes - 30
        let clock = (total / 60 < 10 ? "0" : "") + "\(total / 60):" + (total % 60 < 10 ? "0" : "") + "\(total % 60)"
        return String(text.prefix(11)) + clock + text.dropFirst(16)
    }
}

/// JSON text of a parsed document, for feeds the simulation builds.
enum JSONWriter {
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return Int(exactly: number).map(String.init) ?? "\(number)"
        case .string(let string): return JSONText.quote(string)
        case .array(let items): return "[" + items.map(text).joined(separator: ",") + "]"
        case .object(let members): return "{" + members.map { JSONText.quote($0.key) + ":" + text($0.value) }.joined(separator: ",") + "}"
        }
    }
}

extension Int {
    func quotientRoundingDown(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
