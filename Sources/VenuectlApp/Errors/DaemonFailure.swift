/// Why venued could not answer: `reason` names the socket and what happened, `hint` what helps.
public struct DaemonFailure: Error, Equatable, Sendable {
    public let reason: String
    public let hint: String

    /// Each hint comes from `start` (how venued is started where venuectl runs), never from a fixed text.
    package static func notRunning(_ path: String, _ why: String, start: StartHint) -> DaemonFailure {
        DaemonFailure(reason: "venued is not running (\(why) at \(path))", hint: start.text)
    }

    package static func timedOut(_ path: String, seconds: Double, start: StartHint) -> DaemonFailure {
        let budget = seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : "\(Int(seconds.rounded())) s"
        return DaemonFailure(reason: "venued did not answer within \(budget) on \(path)", hint: start.logText)
    }

    package static func unusable(_ path: String, _ what: String, start: StartHint) -> DaemonFailure {
        DaemonFailure(reason: "venued on \(path) \(what)", hint: start.logText)
    }

    /// As this venuectl says them: the log hint is `StartHint.here`'s.
    package static func timedOut(_ path: String, seconds: Double) -> DaemonFailure {
        timedOut(path, seconds: seconds, start: .here)
    }

    package static func unusable(_ path: String, _ what: String) -> DaemonFailure { unusable(path, what, start: .here) }

    /// Nothing was sent: the socket's directory, or the process listening on it, is not the user's own.
    package static func untrusted(_ what: String, remedy: String) -> DaemonFailure {
        DaemonFailure(reason: "not asking venued: \(what)", hint: remedy)
    }
}
