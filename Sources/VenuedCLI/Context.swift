import DiningHours

/// What a venuectl command runs with besides its arguments: the clock, the environment
/// and the terminal, passed in from `main.swift` so that tests can fix them.
struct Context: Sendable {
    let now: Instant
    let environment: [String: String]
    let stdoutIsTTY: Bool
    let uid: UInt32

    /// Human output: colour only on a terminal that wants it (`NO_COLOR`, `TERM=dumb`),
    /// and the user's zone (`TZ`, else the system's) so the text can say when venue
    /// times are in another one.
    var rendering: DaemonRequest.Rendering {
        let color = stdoutIsTTY && environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb"
        let userZone = ZoneDatabase.userZoneName(environment: environment)
        return DaemonRequest.Rendering(color: color, userZone: userZone)
    }
}
