import DiningHours
import VenueReports
import VenuectlGrammar
import VenuedProtocol

/// `venuectl status`: from `--data`, else venued's answer (already rendered), else the local copy with one notice.
enum StatusCommand {
    struct Options: Sendable {
        var status = StatusOptions()
        var details = false
        var menus: String?
    }

    static let table: FlagTable<Options> = {
        let query = StatusOptions.table.flags.map { $0.lifted(to: \Options.status) }
        let details: [FlagTable<Options>.Flag] = [
            .init(name: "--details", value: nil, help: "under each open venue, the stations of the meal it serves (plain and json)") { o, _ in
                o.details = true
            },
            .init(name: "--menus", value: "FILE|DIR", help: "with --details: read menus from this file, or from DIR/YYYY-MM-DD.json") { o, v in
                o.menus = v
            },
        ]
        // --help last, where every command's help lists it.
        return FlagTable(helpCommand: "venuectl status --help",
                         flags: query.filter { $0.name != "--help" } + details + query.filter { $0.name == "--help" })
    }()

    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        var parsed = Options()
        let configured = try answering(try StatusOptions.parse(arguments, table: table, into: &parsed, status: \.status,
                                                               environment: context.environment))
        if parsed.status.help { return try Venuectl.done(StatusOptions.helpText(flags: table.helpLines) + "\n") }
        do {
            let resolved = try context.resolvingFavorites(parsed.status)
            guard parsed.details || parsed.menus != nil else { return try answer(resolved, context) }
            return try answerWithDetails(resolved, menus: parsed.menus, wanted: parsed.details, context)
        } catch {
            guard case .answer(let error) = error else { throw error }
            throw .answer(VenuectlConfig.attributing(error, location: configured["tz"]))
        }
    }

    private static func answer(_ options: StatusOptions, _ context: Context) throws(CLIError) -> Int32 {
        let presentation = context.presentation(options.format)
        var failure = options.data == nil ? context.venuedFailure : nil
        if options.data == nil && failure == nil {
            let request = StatusQuery.request(.status, options,
                                              presentation: options.format == .json ? nil : presentation)
            // venued's line as it came (`ok` first, as the local path writes it), or the text it rendered.
            switch try DaemonStatus.ask(request, socket: options.socket, context: context, command: "status",
                                        reading: { answer -> String? in
                if options.format == .json { return answer.line + "\n" }
                return if case .string(let text)? = answer.value["text"] { text } else { nil }
            }) {
            case .success(let output): return try Venuectl.done(output)
            case .failure(let reason): failure = reason
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
        if options.dishes {
            // An empty "Soon" must not read as "nothing you follow is served".
            let why = options.data == nil ? "venued did not answer" : "--data is a venues file"
            Venuectl.writeError("venuectl: --dishes: followed dishes unknown (\(why)): "
                                + "menus come from venued, or from --details --menus FILE|DIR")
        }
        return 0
    }

    /// After the answer. Once its "Old data:" line gives the advice, only a cache that was passed over is left to say.
    static func writeNotes(of local: LocalFeed, after report: StatusReport, in presentation: StatusPresentation) {
        guard let failure = local.unreachable else { return local.writeNotes() }
        if case .venuedUnreachable? = report.dataAge.staleness, presentation.saysStaleNote {
            local.writeNotes()
        } else { Venuectl.writeError("venuectl: " + local.notice(failure, zone: report.zone)) }
    }

    /// `--details`: computed from venued's feed (its status carries no menus); missing menus cost only the stations.
    private static func answerWithDetails(_ options: StatusOptions, menus path: String?, wanted: Bool,
                                          _ context: Context) throws(CLIError) -> Int32 {
        guard wanted else { throw .usage("--menus goes with --details: status reads menus only to name stations") }
        guard options.format == .plain || options.format == .json else {
            throw .usage("--details goes with plain text or --json, not --format \(options.format.name)")
        }
        let presentation = context.presentation(options.format)
        let local = try LocalFeed.served(options.data, socket: options.socket, context: context)
        var report = try answering(try StatusReport(options: options, feed: local.copy, now: context.now,
                                                    favorites: try Favorites.load(for: options), dataAge: local.age(now: context.now)))
        let (book, notes) = try menus(for: report, path, ahead: options.dishes, unreachable: local.unreachable,
                                      socket: options.socket, context: context)
        if let book {
            report.stations = MealStations.of(report, in: book)
            // venued answers --dishes from the menus it holds; this path holds its own.
            if options.dishes {
                report.follow(FollowedDishes(options.followedDishes ?? [], leadMinutes: options.dishLeadMinutes), in: DishIndex(book))
            }
        }
        try Venuectl.write(presentation.render(report))
        writeNotes(of: local, after: report, in: presentation)
        for note in notes { Venuectl.writeError("venuectl: " + note) }
        return 0
    }

    /// The menus of the date and the day before (a meal past midnight), with `ahead` the day after, and the notes owed.
    private static func menus(for report: StatusReport, _ path: String?, ahead: Bool, unreachable: DaemonFailure?, socket: String?,
                              context: Context) throws(CLIError) -> (MenuBook?, notes: [String]) {
        let today = report.zone.localDate(of: report.at)
        let served = today.adding(days: -1)...today
        let dates = served.lowerBound...today.adding(days: ahead ? 1 : 0)
        let copy: MenuCopy
        if let path {
            copy = try answering(try MenuCopy.load(path, dates: dates, zone: report.zone))
        } else if let unreachable {
            // venued did not answer for the feed: asking again would only wait as long.
            return (nil, ["stations unknown: \(unreachable.reason); menus come from venued, or from --menus FILE|DIR"])
        } else {
            do { copy = try ServedMenus.load(dates: dates, zone: report.zone, socket: socket, context: context) } catch {
                return (nil, ["stations unknown: \(error)"])
            }
        }
        var notes = copy.skipped.map { [$0] } ?? []
        if !copy.book.menus.contains(where: { served.contains($0.date) }) {
            notes.append("no stations: no menus for \(ClockText.day(today)) in \(copy.path)")
        }
        return (copy.book, notes)
    }
}
