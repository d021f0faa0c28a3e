import DiningHours
import VenueReports
import VenuedSystem

/// What `venuectl notify` announces, set by its flags and by venuectl.conf's `notify_*` keys through one table.
package struct NotifyOptions: Sendable, Equatable {
    package enum Venues: Sendable, Equatable {
        /// `favorites`: the file is read again before each notification, so an edit counts at once.
        case favorites, all
        case kinds(Set<VenueKind>)
        /// Venue names or ids, resolved as `status VENUE...` resolves them.
        case named([String])
    }

    package enum Event: String, Sendable, CaseIterable, Comparable {
        case opens, closes, hours
        /// When a meal with a followed dish (`favorites add --dish`) starts within 30 minutes.
        case dish
        package static func < (a: Event, b: Event) -> Bool { allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0 }
    }

    /// How far ahead a reminder may be, and how many: a countdown, not a schedule.
    package static let maxBefore = 240
    package static let maxReminders = 4
    package var venues: Venues = .favorites
    package var events: Set<Event> = Set(Event.allCases)
    /// Minutes before a closing, largest first, distinct: the countdown's steps.
    package var before = [15, 5]
    package var socket: String?
    package var count: Int?
    package var help = false
    package init() {}

    package static let table = FlagTable<NotifyOptions>(helpCommand: "venuectl notify --help", flags: [
        .init(name: "--venues", value: "WHICH", help: "favorites (default), all, halls, retail, or venues: 1920,hill,593") { o, value throws(AnswerError) in
            o.venues = try venues(value)
        },
        .init(name: "--events", value: "LIST", help: "any of opens,closes,hours,dish (default all four)") { o, value throws(AnswerError) in
            o.events = Set(try words(value).map { word throws(AnswerError) in
                guard let event = Event(rawValue: word) else {
                    throw .usage("--events takes opens, closes, hours and dish separated by commas, not '\(value)'")
                }
                return event
            })
        },
        .init(name: "--before", value: "MIN,...", help: "closes: remind this many minutes before (default 15,5)") { o, value throws(AnswerError) in
            o.before = try before(value)
        },
        .socket(\.socket),
        .init(name: "--count", value: "N", help: "exit after sending N notifications") { o, value throws(AnswerError) in
            guard let n = Int(value), n > 0 else { throw .usage("--count takes a whole number above 0, not '\(value)'") }
            o.count = n
        }, .help(\.help)])

    private static func words(_ value: String) -> [String] {
        value.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimming([" ", "\t"]) }
    }

    private static func venues(_ value: String) throws(AnswerError) -> Venues {
        switch value {
        case "favorites": return .favorites
        case "all": return .all
        case "halls": return .kinds([.diningHall])
        case "retail": return .kinds([.retail])
        default:
            let names = words(value).filter { !$0.isEmpty }
            guard !names.isEmpty else { throw .usage("--venues takes favorites, all, halls, retail or venue names and ids separated by commas, not '\(value)'") }
            return .named(names)
        }
    }

    private static func before(_ value: String) throws(AnswerError) -> [Int] {
        let minutes = Set(try words(value).map { word throws(AnswerError) in
            guard let number = Int(word), number >= 1, number <= maxBefore else {
                throw .usage("--before takes whole minutes from 1 to \(maxBefore) separated by commas (15,5), not '\(value)'")
            }
            return number
        })
        guard minutes.count <= maxReminders else { throw .usage("--before takes at most \(maxReminders) reminders, not '\(value)'") }
        return minutes.sorted(by: >)
    }

    /// venuectl.conf is not read for `--help`. The venues are a setting, not operands, so that the file can hold them.
    package static func parse(_ arguments: [String], environment: [String: String]) throws(AnswerError) -> NotifyOptions {
        var options = NotifyOptions()
        let given = try table.parse(arguments, into: &options) { _, word throws(AnswerError) in
            throw .usage("notify takes no VENUE arguments: choose venues with --venues (e.g. --venues '\(word)')", help: table.helpCommand)
        }
        guard !options.help else { return options }
        try VenuectlConfig(environment: environment).apply(to: &options, except: given)
        return options
    }
}
