import DiningHours
import Foundation

/// What a straightforward Foundation client would write for the same feed: `Codable`
/// structs with the times left as strings (so this baseline does *less* work than
/// `FeedDecoder`, which also parses and validates every time and date).
struct CodableVenue: Decodable {
    let id: Int
    let name: String
    let address: String
    let image: String
    let days: [CodableDay]
}

struct CodableDay: Decodable {
    let date: String
    let status: String
    let dayparts: [CodableDaypart]
}

struct CodableDaypart: Decodable {
    let starttime: String
    let endtime: String
    let message: String
    let label: String
}

enum FoundationBaseline {
    /// Venues and dayparts decoded, or nil when JSONDecoder rejects the document.
    static func decode(_ data: Data, with decoder: JSONDecoder) -> (venues: Int, dayparts: Int)? {
        guard let venues = try? decoder.decode([CodableVenue].self, from: data) else { return nil }
        return (venues.count, venues.reduce(0) { $0 + $1.days.reduce(0) { $0 + $1.dayparts.count } })
    }

    /// Seconds since the epoch of an ISO 8601 timestamp with an offset, or nil.
    static func parseWithFormatStyle(_ text: String) -> Int? {
        (try? Date(text, strategy: .iso8601)).map { Int($0.timeIntervalSince1970) }
    }

    static func parseWithFormatter(_ text: String, _ formatter: ISO8601DateFormatter) -> Int? {
        formatter.date(from: text).map { Int($0.timeIntervalSince1970) }
    }

    /// The table the engine built from Foundation before it read TZif files: every
    /// transition of 1970–2100 by `nextDaylightSavingTimeTransition`; returns its length.
    static func transitionTable(_ identifier: String) -> Int {
        guard let zone = TimeZone(identifier: identifier) else { return 0 }
        var count = 0
        var cursor = Date(timeIntervalSince1970: 0)
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next.timeIntervalSince1970 < 4_102_444_800 {
            count += zone.secondsFromGMT(for: next) & 1 + 1
            cursor = next
        }
        return count
    }
}
