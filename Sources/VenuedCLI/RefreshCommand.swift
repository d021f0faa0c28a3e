import DiningHours

/// `venuectl refresh`: venued fetches now (primary, then backup) and says what came of it
/// in one line. A fetch may take venued's timeout twice over (10 s each by default).
enum RefreshCommand {
    static let timeout = 30.0
    static let table = DaemonCommandOptions.table("refresh", json: false)

    static let helpText = """
        usage: venuectl refresh [options]

        Asks venued to fetch the venues now, and prints what each source did. Waits up to
        \(Int(timeout)) s. Needs a running venued.

        options:
        \(table.helpLines)

        exit codes: 0 refreshed, 2 usage, 6 venued cannot be reached, 7 no source answered
        """

    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        let options = try DaemonCommandOptions.parse(arguments, table: table, command: "refresh")
        if options.help {
            Venuectl.write(helpText + "\n")
            return 0
        }
        let answer = try options.ask(DaemonRequest.refresh, timeout: timeout, context)
        let source = if case .string(let name)? = answer.value["source"] { name } else { "?" }
        var attempts: [String] = []
        if case .array(let list)? = answer.value["attempts"] {
            for attempt in list {
                guard case .string(let name)? = attempt["source"], case .string(let detail)? = attempt["detail"] else { continue }
                attempts.append("\(name): \(detail)")
            }
        }
        Venuectl.write("refreshed: serving \(source) data (\(attempts.joined(separator: "; ")))\n")
        return 0
    }
}
