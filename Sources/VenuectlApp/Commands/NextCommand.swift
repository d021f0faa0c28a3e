import DiningHours
import VenueReports
import VenuectlGrammar

/// `venuectl next`: computed from the feed venued serves (`LocalFeed.served`).
enum NextCommand {
    /// As far ahead as a closed venue's next opening is looked for (HOURS.md §3.3).
    static let longest = Timetable.lookahead

    struct Options: HasCommonOptions {
        var common = CommonOptions()
        var venues: [String] = []
        var within = 3 * 3600
    }

    static let table = FlagTable<Options>(helpCommand: "venuectl next --help", flags: [
        .init(name: "--within", value: "SPAN", help: "how far ahead: 90m, 3h, 1h30m, 2d, up to 14d (default 3h)") { o, value throws(AnswerError) in
            guard let seconds = TimeSpan.seconds(value), seconds > 0, seconds <= longest else {
                throw .usage("--within takes a span from 1m to 14d such as 90m, 3h, 1h30m or 2d, not '\(value)'")
            }
            o.within = seconds
        },
        .json, .at, .tz, .data, .noEstimate, .help,
    ])

    static let helpText = """
        usage: venuectl next [VENUE...] [options]

        The openings and closings coming up, soonest first, with the meal a venue opens
        for. VENUE (an id or part of a name; several may be given) keeps only those venues.
        A line marked ~ is projected from the same weekday of the data's week.

        options:
        \(table.helpLines)

        The data is --data, else what venued serves, else its cached copy or the bundled data, with a notice.

        exit codes: 0 printed, 2 usage, 3 unknown venue, 4 unreadable data, 5 invalid data,
        74 the answer could not be written
        """

    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        guard let options = try table.options(arguments, help: helpText, operand: { o, word in o.venues.append(word) }) else { return 0 }
        let zone = try options.common.zone()
        let at = try options.common.instant(in: zone, now: context.now)
        let local = try LocalFeed.served(options.common.data, context: context)
        let campus = Campus(feed: local.copy.feed, zone: zone)
        let chosen = try answering(try StatusReport.select(options.venues, from: local.copy.feed.venues))
        let report = NextReport(campus: campus, at: at, until: at + options.within, venues: chosen,
                                estimate: options.common.estimate, source: local.copy.source, dataAge: local.age(now: context.now))
        if options.common.json {
            try Venuectl.write(NextJSON.render(report))
        } else {
            try Venuectl.write(NextText(report: report, userZone: ZoneDatabase.userZoneName(environment: context.environment),
                                        data: local.describe(campus.coverage),
                                        columns: TerminalWidth.columns(environment: context.environment)).render())
        }
        local.writeNotes(zone: zone)
        return 0
    }
}
