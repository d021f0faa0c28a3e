// Compiled into every fuzz target (scripts/fuzz): the zone and the instants at which
// the targets that decode a feed ask it for its status, so that they ask alike.
import VenueReports
@testable import DiningHours

/// America/New_York, Penn's zone, read once from the system's zone files.
let fuzzZone: ZoneRules? = try? ZoneDatabase.system.rules("America/New_York")

/// The Penn fixture's instant (2023-09-18, which an arbitrary feed rarely covers: the
/// projection and unknown paths), noon of the feed's first listed day (which it
/// does: the open and closed paths), and the first and last seconds an answer can write
/// (0001-01-01 and 9999-12-31 in the zone: the cuts of HOURS.md §3.8).
func fuzzInstants(_ feed: Feed, in zone: ZoneRules) -> [Instant] {
    let writable = zone.writableInstants
    var instants = [Instant(secondsSinceEpoch: 1_695_052_800), writable.lowerBound, writable.upperBound - 1]
    if let first = feed.venues.lazy.compactMap(\.days.first).first {
        instants.append(zone.instant(for: LocalDateTime(date: first.date, secondOfDay: 12 * 3600)))
    }
    return instants
}
