import VenueReports
import VenuedProtocol

/// What `info` and `refresh` share: they only ask venued, so an unreachable daemon is an error (exit 6).
struct DaemonCommandOptions: HasHelp {
    var json = false
    var socket: String?
    var help = false

    static func table(_ command: String, json: Bool) -> FlagTable<DaemonCommandOptions> {
        var flags: [FlagTable<DaemonCommandOptions>.Flag] = []
        if json { flags.append(.init(name: "--json", value: nil, help: "print venued's answer as one JSON object") { o, _ in o.json = true }) }
        return FlagTable(helpCommand: "venuectl \(command) --help", flags: flags + [.socket(\.socket), .help(\.help)])
    }

    static func parse(_ arguments: [String], _ command: String, _ table: FlagTable<DaemonCommandOptions>,
                      _ help: String) throws(CLIError) -> DaemonCommandOptions? {
        try table.options(arguments, help: help) { _, operand throws(AnswerError) in
            throw .usage("\(command) takes no arguments, not '\(operand)'", help: table.helpCommand)
        }
    }

    /// A daemon that cannot be reached, or refuses, is an error here; a failed refresh is its own (exit 7).
    func ask(_ request: String, timeout: Double, _ context: Context) throws(CLIError) -> Answer {
        let connection = DaemonConnection(flag: socket, environment: context.environment, uid: context.uid)
        let answer: Answer
        do { answer = try connection.exchange(request, timeout: timeout).get() } catch {
            throw .daemonUnavailable(error)
        }
        if answer.ok { return answer }
        if answer.value["code"] == .string(ErrorCode.refreshFailed.rawValue) { throw .refreshFailed(answer.refusal) }
        throw .daemonUnavailable(.unusable(connection.path, "refused the request (\(answer.refusal))"))
    }
}
