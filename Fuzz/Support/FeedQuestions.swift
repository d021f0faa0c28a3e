// Compiled into every fuzz target (scripts/fuzz): the zone and the instants at which
// the targets that decode a feed ask it for its status, so that they ask alike.
import VenueReports
@testable import DiningHours

/// America/New_York, Penn's zone, read once from the system's zone files.
let fuzzZone: ZoneRules? = try? ZoneDatabase.system.rules("America/New_York")

/// The Penn fixture's instant (2023-09-18, which an arbitrary feed rarely covers: the
/// projection and unknown paths) and noon of the feed's first listed day (which it
/// does: the open and closed paths).
func fuzzInstants(_ feed: Feed, in zone: ZoneRules) -> [Instant] {
    var instants = [Instant(secondsSinceEpoch: 1_695_052_800)]
    if let first = feed.venues.lazy.compactMap(\.days.first).first {
        instants.append(zone.instant(for: LocalDateTime(date: first.date, secondOfDay: 12 * 3600)))
    }
    return instants
}
