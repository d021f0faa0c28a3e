/// Why venued could not answer, said so that a person knows what to do: `reason` names the socket and what
/// happened, `hint` the command that helps.
public struct DaemonFailure: Error, Equatable, Sendable {
    public let reason: String
    public let hint: String

    /// `start` is where venuectl runs (`StartHint`): how venued is started there, and
    /// where its log is read; each hint comes from it, never from a fixed text.
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

    /// venuectl did not send a byte: the socket's directory, or the process listening on it, is not the user's own.
    package static func untrusted(_ what: String, remedy: String) -> DaemonFailure {
        DaemonFailure(reason: "not asking venued: \(what)", hint: remedy)
    }
}
