// Fuzz target `feedtime`: the feed's times (FeedTime), its dates (LocalDate), and
// `--at` (StatusReport.instant), which reads a time the same way and resolves it in
// America/New_York.
@testable import DiningHours
@testable import VenuedSystem
@testable import VenueReports
@testable import VenuectlGrammar

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = fuzzText(fuzzBytes(data, size))
    switch FeedTime(parsing: text) {
    case .wallClock(let local)?: _ = fuzzZone?.instant(for: local)
    case .withOffset(let local, let offset)?: _ = local.wallSeconds - offset
    case .timeOfDay, nil: break
    }
    _ = LocalDate(parsing: text)
    if let zone = fuzzZone { _ = try? StatusReport.instant(text, zone: zone, now: Instant(secondsSinceEpoch: 1_695_052_800)) }
    return 0
}
