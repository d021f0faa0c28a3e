import DiningHours
import VenuedSystem

/// Where code that decides when something happens takes "now": the wall clock, or the simulation's virtual clock.
public protocol InstantSource: Sendable { func now() -> Instant }

/// The engine takes "now" as a value; this is where both programs make it.
extension WallClock: InstantSource {
    public func now() -> Instant { Instant(secondsSinceEpoch: seconds()) }
}
