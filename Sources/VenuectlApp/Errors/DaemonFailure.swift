import Glibc
import VenuedSystem

/// Why venued could not answer: `reason` names the socket and what happened, `hint` what helps.
public struct DaemonFailure: Error, Equatable, Sendable {
    public let reason: String, hint: String

    // `start` is `StartHint.here` (as this venuectl says them) but in tests.
    package static func notRunning(_ path: String, _ why: String, start: StartHint = .here) -> DaemonFailure {
        DaemonFailure(reason: "venued is not running (\(why) at \(path))", hint: start.text)
    }

    package static func timedOut(_ path: String, seconds: Double, start: StartHint = .here) -> DaemonFailure {
        let budget = seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : "\(Int(seconds.rounded())) s"
        return DaemonFailure(reason: "venued did not answer within \(budget) on \(path)", hint: start.logText)
    }

    package static func unusable(_ path: String, _ what: String, start: StartHint = .here) -> DaemonFailure {
        DaemonFailure(reason: "venued on \(path) \(what)", hint: start.logText)
    }

    /// Nothing was sent: the socket's directory, or the process listening on it, is not the user's own.
    package static func untrusted(_ what: String, remedy: String) -> DaemonFailure {
        DaemonFailure(reason: "not asking venued: \(what)", hint: remedy)
    }
}

/// How to start venued where this venuectl runs (a SwiftPM checkout, an installed user unit, or bare binaries).
public enum StartHint: String, Equatable, Sendable {
    case checkout = "swift run venued", userUnit = "systemctl --user start venued.socket", foreground = "venued"

    /// Worked out once, and only when a notice needs it.
    static let here: StartHint = {
        var environment: [String: String] = [:]
        for name in ["HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS", "XDG_RUNTIME_DIR"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return locate(executable: ownExecutable(), environment: environment, exists: { access($0, F_OK) == 0 })
    }()

    package var command: String { rawValue }
    package var text: String { "start it with '\(command)'" + (self == .userUnit ? "" : " in another terminal") }

    package var logText: String {
        switch self {
        case .checkout, .foreground: return "see the terminal where '\(command)' runs"
        case .userUnit: return "see 'journalctl --user -u venued'"
        }
    }

    /// The build directory wins over installed units: the venued that matches this build is the checkout's own.
    package static func locate(executable: String?, environment: [String: String], exists: (String) -> Bool) -> StartHint {
        if let executable, executable.contains("/.build/") { return .checkout }
        let units = VenuedPaths.userUnitDirectories(environment: environment)
        return units.contains { exists($0 + "/venued.socket") } ? .userUnit : .foreground
    }

    static func ownExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }
}
