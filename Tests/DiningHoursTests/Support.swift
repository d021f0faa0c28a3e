import VenueReports
import DiningHours
import Foundation

/// Shared helpers: fixture paths, zones, and terse builders for feeds in tests.
enum Fixture {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Real Penn feeds, copied into the repository (Tests/Fixtures/penn/SOURCES.md says from where),
    /// so a clone alone passes its tests.
    static let pennDirectory = packageRoot.appendingPathComponent("Tests/Fixtures/penn")

    static func penn(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: pennDirectory.appendingPathComponent(name)))
    }

    static let newYork = try! ZoneDatabase.system.rules("America/New_York")
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

/// Foundation's own answers, as an independent reference for the engine's zone code.
struct TimeZoneReference {
    let zone: TimeZone
    let calendar: Calendar

    init?(_ identifier: String) {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        self.zone = zone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        self.calendar = calendar
    }

    func offset(at t: Instant) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t.secondsSinceEpoch))) }

    /// Foundation resolves gaps forward and folds to the first occurrence: the earlier-offset rule (HOURS.md §2.5).
    func instant(year: Int, month: Int, day: Int, second: Int) -> Instant {
        let components = DateComponents(year: year, month: month, day: day, hour: second / 3600, minute: second / 60 % 60, second: second % 60)
        return Instant(secondsSinceEpoch: Int(calendar.date(from: components)!.timeIntervalSince1970))
    }
}
