import VenueReports
import VenuedProtocol

/// One `status` request within the budget a prompt can afford, its answer sorted into: use it; stop with the error
/// a local run would raise (same line, same exit code); or fall back to the local copy for the reason given.
package enum DaemonStatus {
    /// Connect to last byte: with the local copy after it, a prompt waits at most 0.2 s for a stuck venued.
    package static let budget = 0.15

    /// `reading` returning nil makes the answer unusable (`asked` names what was missing): a reason to fall back.
    static func ask<Value>(_ request: String, socket: String?, context: Context, command: String, asked: String = "status",
                           timeout: Double = budget, reading: (Answer) -> Value?) throws(CLIError) -> Result<Value, DaemonFailure> {
        let connection = DaemonConnection(flag: socket, environment: context.environment, uid: context.uid)
        switch connection.exchange(request, timeout: timeout) {
        case .success(let answer) where answer.ok:
            guard let value = reading(answer) else { return .failure(.unusable(connection.path, "answered a \(asked) request without the \(asked)")) }
            return .success(value)
        case .success(let answer):
            if let error = AnswerError(answer: answer.value, command: command) { throw .answer(error) }
            return .failure(.unusable(connection.path, "refused the request (\(answer.refusal))"))
        case .failure(let reason): return .failure(reason)
        }
    }
}

extension Answer {
    var refusal: String { if case .string(let text)? = value["error"] { text } else { "no reason given" } }
}
