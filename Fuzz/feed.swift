// Fuzz target `feed`: FeedDecoder (JSON parser, per-element checks, limits, HTML
// entities, feed times, outlier days) on arbitrary bytes; when a feed comes out, the
// engine builds its campus in America/New_York and a status report from it, as
// venued and venuectl do with every feed they accept.
@testable import DiningHours
@testable import VenuedSystem
@testable import VenueReports
@testable import VenuectlGrammar

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard let feed = try? FeedDecoder.decode(bytes) else { return 0 }
    guard let zone = fuzzZone else { return 0 }
    let campus = Campus(feed: feed, zone: zone)
    for now in fuzzInstants(feed, in: zone) {
        _ = try? StatusReport(options: StatusOptions(), campus: campus, source: .file, now: now, dataAge: DataAge())
    }
    return 0
}
