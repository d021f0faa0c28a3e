import Glibc
import VenuedSystem

/// How to start venued where this venuectl runs (a SwiftPM checkout, an installed user unit, or bare binaries).
public enum StartHint: Equatable, Sendable {
    case checkout, userUnit, foreground

    /// Worked out once, and only when a notice needs it.
    static let here: StartHint = {
        var environment: [String: String] = [:]
        for name in ["HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS", "XDG_RUNTIME_DIR"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return locate(executable: ownExecutable(), environment: environment, exists: { access($0, F_OK) == 0 })
    }()

    package var command: String {
        switch self {
        case .checkout: return "swift run venued"
        case .userUnit: return "systemctl --user start venued.socket"
        case .foreground: return "venued"
        }
    }

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
