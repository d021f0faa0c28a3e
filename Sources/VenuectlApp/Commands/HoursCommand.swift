import DiningHours
import VenueReports
import VenuectlGrammar

/// `venuectl hours VENUE`: computed from the feed venued serves (`LocalFeed.served`).
enum HoursCommand {
    struct Options: HasCommonOptions {
        var common = CommonOptions()
        var venue: [String] = []
        var days = 7
    }

    static let table = FlagTable<Options>(helpCommand: "venuectl hours --help", flags: [
        .init(name: "--days", value: "N", help: "how many days from today, 1 to 14 (default 7)") { o, value throws(AnswerError) in
            guard let days = Int(value), (1...14).contains(days) else { throw .usage("--days takes a whole number from 1 to 14, not '\(value)'") }
            o.days = days
        },
        .json, .at, .tz, .data, .noEstimate, .help,
    ])

    static let helpText = """
        usage: venuectl hours VENUE [options]

        One venue's hours, day by day from today: its address and page, the feed's
        messages, each day's merged hours and the meals that make them up. A day marked
        ~ is projected from the same weekday of the data's week; ? has no hours at all.
        VENUE is an id, a name, or a part of one that names a single venue.

        options:
        \(table.helpLines)

        The data is --data, else what venued serves, else its cached copy or the bundled data, with a notice.

        exit codes: 0 printed, 2 usage or ambiguous venue, 3 unknown venue, 4 unreadable data, 5 invalid data,
        74 the answer could not be written
        """

    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        guard let options = try table.options(arguments, help: helpText, operand: { o, word in o.venue.append(word) }) else { return 0 }
        let query = try answering(try VenueArgument.query(options.venue, command: "hours"))
        let zone = try options.common.zone()
        let today = zone.localDate(of: try options.common.instant(in: zone, now: context.now))
        let local = try LocalFeed.served(options.common.data, context: context)
        let venue = try answering(try VenueArgument.resolve(query, in: local.copy.feed.venues))
        let report = HoursReport(timetable: Timetable(venue: venue, zone: zone), from: today, days: options.days,
                                 estimate: options.common.estimate, today: today, source: local.copy.source)
        if options.common.json {
            try Venuectl.write(HoursJSON.render(report))
        } else {
            let data = local.describe(report.coverage)
            try Venuectl.write(HoursText(report: report, userZone: ZoneDatabase.userZoneName(environment: context.environment), data: data,
                                         columns: TerminalWidth.columns(environment: context.environment)).render())
        }
        local.writeNotes(zone: zone)
        return 0
    }
}
