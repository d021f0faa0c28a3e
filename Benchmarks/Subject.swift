import VenueReports
import BundledFeed
import DiningHours
import Foundation

/// The data every benchmark works on: the bundled Penn feed read in America/New_York.
struct Subject {
    let bytes: [UInt8]
    let zone: ZoneRules
    let feed: Feed
    let campus: Campus

    static func load() -> Subject {
        let bytes = BundledFeed.bytes
        do {
            let zone = try ZoneDatabase.system.rules("America/New_York")
            let feed = try FeedDecoder.decode(bytes)
            return Subject(bytes: bytes, zone: zone, feed: feed, campus: Campus(feed: feed, zone: zone))
        } catch {
            fail("cannot set up: \(error)")
        }
    }

    /// `2023-09-18T12:00` on the venue zone's wall clock, by the engine's own rule.
    func instant(_ wallClock: String) -> Instant {
        instant(local(wallClock))
    }

    func instant(_ local: LocalDateTime) -> Instant { zone.instant(for: local) }

    /// `2023-09-18`
    func date(_ text: String) -> LocalDate {
        guard let date = LocalDate(parsing: text) else { fail("bad date \(text)") }
        return date
    }

    /// Dayparts decoded, over all venues and days.
    var dayparts: Int { feed.venues.reduce(0) { $0 + $1.days.reduce(0) { $0 + $1.dayparts.count } } }

    func local(_ wallClock: String) -> LocalDateTime {
        guard case .wallClock(let local)? = FeedTime(parsing: wallClock) else { fail("bad wall clock \(wallClock)") }
        return local
    }

    /// Every `starttime` and `endtime` string of the feed, in document order.
    var feedTimeStrings: [String] {
        guard case .array(let venues)? = try? JSONParser.parse(bytes) else { fail("feed is not an array") }
        var result: [String] = []
        for venue in venues {
            guard case .array(let days)? = venue["days"] else { continue }
            for day in days {
                guard case .array(let dayparts)? = day["dayparts"] else { continue }
                for daypart in dayparts {
                    for key in ["starttime", "endtime"] {
                        if case .string(let text)? = daypart[key] { result.append(text) }
                    }
                }
            }
        }
        return result
    }
}

/// A number that depends on every field a caller would read, for the result sink.
func digest(_ status: VenueStatus) -> Int {
    let state: Int
    switch status.state {
    case .open: state = 1
    case .closed: state = 2
    case .unknown: state = 3
    }
    return state &+ (status.changesAt?.secondsSinceEpoch ?? 0) &+ (status.label?.utf8.count ?? 0)
        &+ (status.closingSoon ? 7 : 0) &+ (status.estimated ? 11 : 0)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("venued-bench: \(message)\n".utf8))
    exit(1)
}
