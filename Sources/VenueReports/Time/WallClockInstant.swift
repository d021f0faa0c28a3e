import DiningHours
import VenuedSystem

/// Where code that decides when something happens takes "now": the wall clock, or the simulation's virtual clock.
public protocol InstantSource: Sendable { func now() -> Instant }

extension WallClock: InstantSource {
    public func now() -> Instant { Instant(secondsSinceEpoch: seconds()) }
}
