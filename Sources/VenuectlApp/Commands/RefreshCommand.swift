import DiningHours
import VenuedProtocol

/// venued answers `refresh` when its fetch chain is done: venuectl waits four times its fetch deadline, plus a margin.
enum RefreshCommand {
    /// Each fetch child may take a second past its deadline; the rest is the round trip.
    static let margin = 5.0
    static let table = DaemonCommandOptions.table("refresh", json: false)

    static let helpText = """
        usage: venuectl refresh [options]

        Asks venued to fetch the venues now, and prints what each source did. A request
        during a refresh joins it. After a Retry-After, or inside the backoff after failed
        refreshes, venued asks the servers nothing and answers at once with the last
        refresh's report and when it will ask again. Waits at most four times venued's
        fetch timeout plus \(Int(margin)) s (45 s with the default timeout of 10 s;
        usually well under a second). Needs a running venued.

        options:
        \(table.helpLines)

        exit codes: 0 refreshed, 2 usage, 6 venued cannot be reached (or its socket is not yours),
        7 no source answered, 74 the answer could not be written
        """

    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        guard let options = try DaemonCommandOptions.parse(arguments, "refresh", table, helpText) else { return 0 }
        let info = try options.ask(DaemonRequest.info, timeout: InfoCommand.timeout, context)
        // venued's config allows 0.1-300 s; a value outside that is not trusted.
        let fetchTimeout = if case .number(let seconds)? = info.value["timeout_seconds"], seconds > 0, seconds <= 300 { seconds } else { 300.0 }
        let answer = try options.ask(DaemonRequest.refresh, timeout: 4 * fetchTimeout + margin, context)
        let source = if case .string(let name)? = answer.value["source"] { name } else { "?" }
        let list = if case .array(let list)? = answer.value["attempts"] { list } else { [JSONValue]() }
        let attempts = list.compactMap { attempt -> String? in
            guard case .string(let name)? = attempt["source"], case .string(let detail)? = attempt["detail"] else {
                return nil
            }
            return "\(name): \(detail)"
        }
        try Venuectl.write("refreshed: serving \(source) data (\(attempts.joined(separator: "; ")))\n")
        return 0
    }
}
