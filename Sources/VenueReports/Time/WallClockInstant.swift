import DiningHours
import VenuedSystem

/// Where code that decides when something happens takes "now" from: the system's
/// wall clock in the programs, a virtual clock in the simulation that moves it through
/// a semester (steps, suspends and all) without sleeping.
public protocol InstantSource: Sendable {
    func now() -> Instant
}

/// The system clock read as the engine's instants: the engine takes "now" as a value,
/// and this is where both programs make that value.
extension WallClock: InstantSource {
    public func now() -> Instant { Instant(secondsSinceEpoch: seconds()) }
}
