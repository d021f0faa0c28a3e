import Glibc
import VenueReports

extension StartHint {
    /// Worked out once, and only by the notices that say venued is not running.
    static let here: StartHint = {
        let executable = ownExecutable()
        var environment: [String: String] = [:]
        for name in ["HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS", "XDG_RUNTIME_DIR"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return locate(executable: executable, environment: environment, exists: { access($0, F_OK) == 0 })
    }()

    static func ownExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }
}

extension DaemonFailure {
    /// `timedOut` as this venuectl says it: its log hint is `StartHint.here`'s.
    package static func timedOut(_ path: String, seconds: Double) -> DaemonFailure {
        timedOut(path, seconds: seconds, start: .here)
    }

    /// `unusable` as this venuectl says it: its log hint is `StartHint.here`'s.
    package static func unusable(_ path: String, _ what: String) -> DaemonFailure {
        unusable(path, what, start: .here)
    }
}
