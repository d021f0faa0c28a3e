import DiningHours
import VenuedSystem

/// Where code that decides when something happens takes "now" from: the wall clock in the programs, a virtual clock
/// in the simulation that moves it through a semester without sleeping.
public protocol InstantSource: Sendable {
    func now() -> Instant
}

/// The engine takes "now" as a value; this is where both programs make it.
extension WallClock: InstantSource {
    public func now() -> Instant { Instant(secondsSinceEpoch: seconds()) }
}
