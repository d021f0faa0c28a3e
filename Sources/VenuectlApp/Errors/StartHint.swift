import VenuedSystem

/// How to start venued where this venuectl runs, for the notices that say venued is not
/// running: the command that works here, not the one that works after an install.
///
/// - `checkout`: venuectl runs from a SwiftPM build directory (`.build/`), where no unit
///   is installed for it: `swift run venued`, in another terminal of the checkout.
/// - `userUnit`: `venued.socket` is installed where `systemd --user` looks for units
///   (`make install`, the Debian package): the socket unit starts venued on demand.
/// - `foreground`: installed without units (binaries copied by hand): `venued` itself.
public enum StartHint: Equatable, Sendable {
    case checkout
    case userUnit
    case foreground

    /// The command to type.
    package var command: String {
        switch self {
        case .checkout: return "swift run venued"
        case .userUnit: return "systemctl --user start venued.socket"
        case .foreground: return "venued"
        }
    }

    /// The hint as the notices end: "start it with '...'".
    package var text: String {
        "start it with '\(command)'" + (self == .userUnit ? "" : " in another terminal")
    }

    /// Where venued's log is read, as the notices of a venued that answered wrongly end
    /// (timed out, went away, refused): the journal of its unit when installed, else the
    /// terminal it runs in, whose stderr is its log. From here, so that every hint of a
    /// notice points where this venuectl's venued actually runs.
    package var logText: String {
        switch self {
        case .checkout, .foreground: return "see the terminal where '\(command)' runs"
        case .userUnit: return "see 'journalctl --user -u venued'"
        }
    }

    /// The unit file that makes `userUnit` the answer.
    package static let unitName = "venued.socket"

    /// The hint for a venuectl at `executable` (nil when unknown), given which files
    /// exist. The build directory wins over installed units: the venued that matches
    /// this build is the checkout's own.
    package static func locate(executable: String?, environment: [String: String], exists: (String) -> Bool) -> StartHint {
        if let executable, executable.contains("/.build/") { return .checkout }
        let installed = VenuedPaths.userUnitDirectories(environment: environment).contains { exists($0 + "/" + unitName) }
        return installed ? .userUnit : .foreground
    }
}
