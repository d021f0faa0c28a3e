import VenueReports
import VenuectlGrammar
import VenuedProtocol

/// What `info` and `refresh` share: they only ask venued, so an unreachable daemon is an error (exit 6) rather
/// than a fallback.
struct DaemonCommandOptions: Sendable {
    var json = false
    var socket: String?
    var help = false

    static func table(_ command: String, json: Bool) -> FlagTable<DaemonCommandOptions> {
        var flags: [FlagTable<DaemonCommandOptions>.Flag] = []
        if json { flags.append(.init(name: "--json", value: nil, help: "print venued's answer as one JSON object") { o, _ in o.json = true }) }
        flags += [
            .socket(\.socket),
            .help(\.help),
        ]
        return FlagTable(helpCommand: "venuectl \(command) --help", flags: flags)
    }

    static func parse(_ arguments: [String], table: FlagTable<DaemonCommandOptions>, command: String) throws(CLIError) -> DaemonCommandOptions {
        var options = DaemonCommandOptions()
        try answering(try table.parse(arguments, into: &options) { _, operand throws(AnswerError) in
            throw .usage("\(command) takes no arguments, not '\(operand)'", help: table.helpCommand)
        })
        return options
    }

    /// A daemon that cannot be reached, or refuses, is an error here; a failed refresh is its own (exit 7).
    func ask(_ request: String, timeout: Double, _ context: Context) throws(CLIError) -> Answer {
        let connection = DaemonConnection(flag: socket, environment: context.environment, uid: context.uid)
        let answer: Answer
        switch connection.exchange(request, timeout: timeout) {
        case .success(let success): answer = success
        case .failure(let failure): throw .daemonUnavailable(failure)
        }
        if answer.ok { return answer }
        let message = if case .string(let text)? = answer.value["error"] { text } else { "no reason given" }
        if answer.value["code"] == .string(ErrorCode.refreshFailed.rawValue) { throw .refreshFailed(message) }
        throw .daemonUnavailable(.unusable(connection.path, "refused the request (\(message))"))
    }
}
