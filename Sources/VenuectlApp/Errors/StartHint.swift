import VenuedSystem

/// How to start venued where this venuectl runs, for the notices that say it is not running: the command that
/// works here (a SwiftPM checkout, an installed user unit, or bare binaries), not the one that works after an install.
public enum StartHint: Equatable, Sendable {
    case checkout
    case userUnit
    case foreground

    package var command: String {
        switch self {
        case .checkout: return "swift run venued"
        case .userUnit: return "systemctl --user start venued.socket"
        case .foreground: return "venued"
        }
    }

    package var text: String {
        "start it with '\(command)'" + (self == .userUnit ? "" : " in another terminal")
    }

    /// Where venued's log is read (its unit's journal, else its terminal), so that every hint of a notice points where
    /// this venuectl's venued actually runs.
    package var logText: String {
        switch self {
        case .checkout, .foreground: return "see the terminal where '\(command)' runs"
        case .userUnit: return "see 'journalctl --user -u venued'"
        }
    }

    package static let unitName = "venued.socket"

    /// The build directory wins over installed units: the venued that matches this build is the checkout's own.
    package static func locate(executable: String?, environment: [String: String], exists: (String) -> Bool) -> StartHint {
        if let executable, executable.contains("/.build/") { return .checkout }
        let installed = VenuedPaths.userUnitDirectories(environment: environment).contains { exists($0 + "/" + unitName) }
        return installed ? .userUnit : .foreground
    }
}
