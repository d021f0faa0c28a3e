import DiningHours
import Foundation

/// The daemon's idea of now: the system clock plus a fixed offset that only tests set
/// (`--clock-offset`). Every "now" in venued comes from here.
struct Clock: Sendable {
    let offset: Int

    func now() -> Instant { Instant(secondsSinceEpoch: Int(preciseNow().rounded(.down))) }

    /// Seconds since the epoch with a fraction, for computing how long to sleep.
    func preciseNow() -> Double { Date().timeIntervalSince1970 + Double(offset) }

    /// Real seconds from now until `instant` on this clock (never negative).
    func seconds(until instant: Instant) -> Double { max(0, Double(instant.secondsSinceEpoch) - preciseNow()) }
}
