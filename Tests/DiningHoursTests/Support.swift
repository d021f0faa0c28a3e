import DiningHours
import Foundation

/// Shared helpers: fixture paths, zones, and terse builders for feeds in tests.
enum Fixture {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let pennDirectory = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures/penn")

    static func penn(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: pennDirectory.appendingPathComponent(name)))
    }

    static let newYork = try! ZoneRules(identifier: "America/New_York")
}

/// `at("2023-09-18T12:00", zone)`: an instant from a wall clock, by the earlier-offset rule.
func at(_ text: String, _ zone: ZoneRules = Fixture.newYork) -> Instant {
    switch FeedTime(parsing: text) {
    case .wallClock(let local)?: return zone.instant(for: local)
    case .withOffset(let local, let offset)?: return Instant(secondsSinceEpoch: local.wallSeconds - offset)
    default: fatalError("bad test time \(text)")
    }
}

func date(_ text: String) -> LocalDate { LocalDate(parsing: text)! }

func part(_ start: String, _ end: String, _ label: String = "") -> Daypart {
    Daypart(start: FeedTime(parsing: start)!, end: FeedTime(parsing: end)!, label: label)
}

func day(_ text: String, closed: Bool = false, _ parts: [Daypart]) -> Day {
    Day(date: date(text), status: closed ? .closed : .listed, dayparts: parts)
}

func timetable(_ days: [Day], zone: ZoneRules = Fixture.newYork) -> Timetable {
    Timetable(venue: Venue(id: 1, name: "Test Hall", days: days), zone: zone)
}
