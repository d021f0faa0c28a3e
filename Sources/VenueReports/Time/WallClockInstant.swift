import DiningHours
import VenuedSystem

/// The system clock read as the engine's instants: the engine takes "now" as a value,
/// and this is where both programs make that value.
extension WallClock {
    public func now() -> Instant { Instant(secondsSinceEpoch: seconds()) }

    /// Real seconds from now until `instant` on this clock (never negative).
    public func seconds(until instant: Instant) -> Double { max(0, Double(instant.secondsSinceEpoch) - preciseNow()) }
}
