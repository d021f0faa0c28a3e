/// Why venued could not answer, said so that a person knows what to do: `reason` names
/// the socket and what happened, `hint` the command that helps. `status` turns it into
/// its fallback notice; `info` and `refresh` into their error line (exit 6).
public struct DaemonFailure: Error, Equatable, Sendable {
    public let reason: String
    public let hint: String

    package static let startHint = "start it with 'systemctl --user start venued.socket'"
    package static let logHint = "see 'journalctl --user -u venued'"

    package static func notRunning(_ path: String, _ why: String) -> DaemonFailure {
        DaemonFailure(reason: "venued is not running (\(why) at \(path))", hint: startHint)
    }

    package static func timedOut(_ path: String, seconds: Double) -> DaemonFailure {
        let budget = seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : "\(Int(seconds.rounded())) s"
        return DaemonFailure(reason: "venued did not answer within \(budget) on \(path)", hint: logHint)
    }

    package static func unusable(_ path: String, _ what: String) -> DaemonFailure {
        DaemonFailure(reason: "venued on \(path) \(what)", hint: logHint)
    }
}
