import DiningHours

/// `venuectl status`: from `--data` when given; else venued answers (already rendered,
/// for the prompt's sake: one request, then print); else the local copy (cache, then
/// bundled) with one notice. Every path renders through `StatusPresentation`, so the
/// output is the same wherever it was computed.
enum StatusCommand {
    /// The whole exchange with venued, connect to last byte: a prompt cannot wait longer.
    static let budget = 0.2

    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        var (options, configured) = try StatusOptions.parse(arguments, environment: context.environment)
        if options.help {
            Venuectl.write(StatusOptions.helpText + "\n")
            return 0
        }
        if options.favorites { options.favoritesFile = Favorites.path(environment: context.environment) }
        do { return try answer(options, context) } catch {
            throw VenuectlConfig.attributing(error, zone: options.tz, location: configured["tz"])
        }
    }

    private static func answer(_ options: StatusOptions, _ context: Context) throws(CLIError) -> Int32 {
        let presentation = context.presentation(options.format)
        guard options.data == nil else {
            let feed = try FeedFile.load(path: options.data)
            if let path = options.data, let first = feed.feed.warnings.first {
                let more = feed.feed.warnings.count > 1 ? " (and \(feed.feed.warnings.count - 1) more)" : ""
                Venuectl.writeError("venuectl: note: skipped part of \(path): \(first)\(more)")
            }
            let report = try StatusReport(options: options, feed: feed, now: context.now, favorites: try Favorites.load(for: options))
            Venuectl.write(presentation.render(report))
            return 0
        }
        let connection = DaemonConnection(flag: options.socket, environment: context.environment, uid: context.uid)
        let request = DaemonRequest.status(options, presentation: options.format == .json ? nil : presentation)
        let failure: DaemonFailure
        switch connection.exchange(request, timeout: budget) {
        case .success(let answer) where answer.ok:
            if let output = output(of: answer, json: options.format == .json) {
                Venuectl.write(output)
                return 0
            }
            failure = .unusable(connection.path, "answered a status request without the status")
        case .success(let answer):
            if let error = CLIError(answer: answer.value, command: "status") { throw error }
            let message = if case .string(let text)? = answer.value["error"] { text } else { "no reason given" }
            failure = .unusable(connection.path, "refused the request (\(message))")
        case .failure(let reason):
            failure = reason
        }
        let copy = try LocalCopy.load(environment: context.environment)
        let report = try StatusReport(options: options, feed: copy.feed, now: context.now, favorites: try Favorites.load(for: options))
        Venuectl.write(presentation.render(report))
        // After the answer, and only with one: an error is a single line of its own.
        Venuectl.writeError("venuectl: " + copy.notice(failure, zone: report.zone))
        return 0
    }

    /// What to print from venued's answer: its object without the leading `"ok":true`
    /// (exactly SPEC §4's shape), or the text it rendered.
    private static func output(of answer: DaemonConnection.Answer, json: Bool) -> String? {
        if json {
            return answer.objectWithoutOK.map { $0 + "\n" }
        }
        guard case .string(let text)? = answer.value["text"] else { return nil }
        return text
    }
}
