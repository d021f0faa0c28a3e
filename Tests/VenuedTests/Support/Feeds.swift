import BundledFeed
import DiningHours
import Foundation

/// Feeds for the daemon tests: one dated around the real today (what the primary
/// serves), and the bundled 2023 week (what the backup URL still serves).
enum Feeds {
    static let zone = try! ZoneRules(identifier: "America/New_York")

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

    static var backup2023: [UInt8] { BundledFeed.bytes }
}
