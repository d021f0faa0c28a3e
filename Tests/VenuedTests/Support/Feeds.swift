import VenueReports
import BundledFeed
import DiningHours
import Foundation

/// Feeds for the daemon tests: one dated around the real today (what the primary
/// serves), and the bundled 2023 week (what the backup URL still serves).
enum Feeds {
    static let zone = try! ZoneDatabase.system.rules("America/New_York")

    static var today: LocalDate { zone.localDate(of: Instant(secondsSinceEpoch: Int(Date().timeIntervalSince1970))) }

    /// "Test Commons", open 07:00–22:00 from yesterday through five days ahead.
    static func current(name: String = "Test Commons") -> [UInt8] {
        let days = (-1...5).map { offset -> String in
            let date = today.adding(days: offset)
            return """
            {"date":"\(date)","status":"open","dayparts":[{"starttime":"\(date)T07:00:00","endtime":"\(date)T22:00:00","message":"","label":"All day"}]}
            """
        }
        return Array("""
        [{"id":593,"name":"\(name)","address":"","image":"","days":[\(days.joined(separator: ","))]}]
        """.utf8)
    }

    /// `count` venues (ids 1...count) open 08:00–20:00, or listed closed, on the days
    /// `offsets` from today, plus `extraDates` listed open as they are written.
    static func campus(venues count: Int, offsets: ClosedRange<Int> = -1...5, closed: Bool = false,
                       extraDates: [String] = [], name: String = "Venue") -> [UInt8] {
        let dates = offsets.map { "\(today.adding(days: $0))" } + extraDates
        let days = dates.map { date in
            """
            {"date":"\(date)","status":"\(closed ? "closed" : "open")","dayparts":[{"starttime":"\(date)T08:00:00","endtime":"\(date)T20:00:00","message":"","label":"All day"}]}
            """
        }.joined(separator: ",")
        let venues = (1...count).map { #"{"id":\#($0),"name":"\#(name) \#($0)","address":"","image":"","days":[\#(days)]}"# }
        return Array("[\(venues.joined(separator: ","))]".utf8)
    }

    static var backup2023: [UInt8] { BundledFeed.bytes }
}
