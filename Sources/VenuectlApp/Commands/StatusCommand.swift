import VenueReports
import VenuectlGrammar
import VenuedProtocol

/// `venuectl status`: from `--data`, else venued's answer (already rendered), else the local copy with one notice.
enum StatusCommand {
    struct Options: Sendable {
        var status = StatusOptions()
        var details = StatusDetails.Request()
    }

    static let table: FlagTable<Options> = {
        let query = StatusOptions.table.flags.map { $0.lifted(to: \Options.status) }
        // --help last, where every command's help lists it.
        return FlagTable(helpCommand: "venuectl status --help",
                         flags: query.filter { $0.name != "--help" } + StatusDetails.flags + query.filter { $0.name == "--help" })
    }()

    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        var parsed = Options()
        let configured = try answering(try StatusOptions.parse(arguments, table: table, into: &parsed, status: \.status,
                                                               environment: context.environment))
        let options = parsed.status
        if options.help {
            try Venuectl.write(StatusOptions.helpText(flags: table.helpLines) + "\n")
            return 0
        }
        do {
            let resolved = try context.resolvingFavorites(options)
            guard parsed.details.wanted || parsed.details.menus != nil else { return try answer(resolved, context) }
            return try StatusDetails.answer(resolved, parsed.details, context)
        } catch {
            guard case .answer(let error) = error else { throw error }
            throw .answer(VenuectlConfig.attributing(error, location: configured["tz"]))
        }
    }

    private static func answer(_ options: StatusOptions, _ context: Context) throws(CLIError) -> Int32 {
        let presentation = context.presentation(options.format)
        var failure: DaemonFailure?
        if options.data == nil {
            failure = context.venuedFailure
            if failure == nil {
                let request = StatusQuery.request(.status, options, presentation: options.format == .json ? nil : presentation)
                switch try DaemonStatus.ask(request, socket: options.socket, context: context, command: "status",
                                            reading: { output(of: $0, json: options.format == .json) }) {
                case .success(let output):
                    try Venuectl.write(output)
                    return 0
                case .failure(let reason): failure = reason
                }
            }
        }
        var local = try LocalFeed.load(options.data, environment: context.environment)
        local.unreachable = failure
        if options.data != nil { local.writeNotes() }
        // The user's own --data file: its age is theirs to judge.
        let age = options.data == nil ? local.age(now: context.now) : DataAge()
        let report = try answering(try StatusReport(options: options, feed: local.copy, now: context.now,
                                                    favorites: try Favorites.load(for: options), dataAge: age))
        try Venuectl.write(presentation.render(report))
        if options.data == nil { writeNotes(of: local, after: report, in: presentation) }
        let why = options.data == nil ? "venued did not answer" : "--data is a venues file"
        if options.dishes { Venuectl.writeError("venuectl: " + noDishes(why)) }
        return 0
    }

    /// An empty "Soon" must not read as "nothing you follow is served".
    private static func noDishes(_ why: String) -> String {
        "--dishes: followed dishes unknown (\(why)): menus come from venued, or from --details --menus FILE|DIR"
    }

    /// After the answer. Once its "Old data:" line gives the advice, only a cache that was passed over is left to say.
    static func writeNotes(of local: LocalFeed, after report: StatusReport, in presentation: StatusPresentation) {
        guard let failure = local.unreachable else { return local.writeNotes() }
        if case .venuedUnreachable? = report.dataAge.staleness, presentation.saysStaleNote {
            local.writeNotes()
        } else {
            Venuectl.writeError("venuectl: " + local.notice(failure, zone: report.zone))
        }
    }

    /// venued's line as it came (`ok` first, as the local path writes it too), or the text it rendered.
    private static func output(of answer: Answer, json: Bool) -> String? {
        if json { return answer.line + "\n" }
        return if case .string(let text)? = answer.value["text"] { text } else { nil }
    }
}
