// Fuzz target `feed`: FeedDecoder (JSON parser, per-element checks, limits, HTML
// entities, feed times, outlier days) on arbitrary bytes; when a feed comes out, the
// engine builds its campus in America/New_York and a status report from it, as
// venued and venuectl do with every feed they accept.
@testable import DiningHours
@testable import VenuedSystem
@testable import VenueReports
@testable import VenuectlGrammar

let zone: ZoneRules? = try? ZoneDatabase.system.rules("America/New_York")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard let feed = try? FeedDecoder.decode(bytes) else { return 0 }
    guard let zone else { return 0 }
    let campus = Campus(feed: feed, zone: zone)
    // The instant of the Penn fixture, and noon of the feed's first listed day.
    var instants = [Instant(secondsSinceEpoch: 1_695_052_800)]
    if let first = feed.venues.lazy.compactMap(\.days.first).first {
        instants.append(zone.instant(for: LocalDateTime(date: first.date, secondOfDay: 12 * 3600)))
    }
    for now in instants {
        _ = try? StatusReport(options: StatusOptions(), campus: campus, source: .file, now: now, dataAge: DataAge())
    }
    return 0
}
