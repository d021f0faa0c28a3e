import DiningHours
import VenueReports

enum NextCommand {
    struct Options: HasCommonOptions {
        var common = CommonOptions()
        var venues: [String] = []
        var within = 3 * 3600
    }

    static let table = FlagTable<Options>(helpCommand: "venuectl next --help", flags: [
        .init(name: "--within", value: "SPAN", help: "how far ahead: 90m, 3h, 1h30m, 2d, up to 14d (default 3h)") { o, value throws(AnswerError) in
            guard let seconds = span(value), seconds > 0, seconds <= Timetable.lookahead else {
                throw .usage("--within takes a span from 1m to 14d such as 90m, 3h, 1h30m or 2d, not '\(value)'")
            }
            o.within = seconds
        }, .json, .at, .tz, .data, .noEstimate, .help])

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
        try Venuectl.write(options.common.json ? NextJSON.render(report) : NextText(
            report: report, userZone: ZoneDatabase.userZoneName(environment: context.environment),
            data: local.describe(campus.coverage), columns: TerminalWidth.columns(environment: context.environment)
        ).render())
        local.writeNotes(zone: zone)
        return 0
    }

    static let units: [Character: Int] = ["d": 86_400, "h": 3600, "m": 60]

    /// `90m`, `3h`, `1h30m`, `2d` in seconds; nil for anything else, a bare number too (it has no unit to trust).
    static func span(_ text: String) -> Int? {
        var total = 0, number = 0, digits = 0, parts = 0
        for character in text {
            if let digit = character.wholeNumberValue, character.isASCII {
                guard digits < 6 else { return nil }
                (number, digits) = (number * 10 + digit, digits + 1)
            } else {
                guard let unit = units[character], digits > 0 else { return nil }
                total += number * unit
                (number, digits, parts) = (0, 0, parts + 1)
            }
        }
        return digits == 0 && parts > 0 ? total : nil
    }
}

struct NextText {
    let report: NextReport
    let userZone: String?
    let data: String
    /// `$COLUMNS`: the header wraps; a row drops its meal, then cuts the venue's name, never its time or verb.
    var columns: Int? = nil

    func render() -> String {
        let zone = report.zone, at = zone.localDateTime(of: report.at)
        let span = ClockText.duration(report.until - report.at)
        var lines = wrap("Next \(span) from \(ClockText.day(at.date)) \(ClockText.clock(at)) · \(data)", at: " · ")
        if let userZone, userZone != zone.identifier { lines += wrap("Times are in \(zone.identifier).") }
        let moments = report.rows.map { ClockText.moment(zone.localDateTime(of: $0.transition.at), today: at.date) }
        let waits = report.rows.map { "in " + ClockText.duration($0.transition.at - report.at) }
        let momentWidth = moments.map(\.count).max() ?? 0, waitWidth = waits.map(\.count).max() ?? 0
        func head(_ row: NextReport.Row, _ moment: String, _ wait: String?) -> String {
            "\(row.transition.estimated ? "~" : " ") \(moment.padded(to: momentWidth))  " + (wait.map { $0.padded(to: waitWidth) + "  " } ?? "")
        }
        // The "in 40 min" column goes before any venue's name is cut: the time says it too.
        let showWaits = columns.map { columns in
            zip(report.rows, zip(moments, waits)).allSatisfy { head($0, $1.0, $1.1).count + bare($0).count <= columns }
        } ?? true
        for (row, (moment, wait)) in zip(report.rows, zip(moments, waits)) {
            let head = head(row, moment, showWaits ? wait : nil)
            let line = head + sentence(row, room: columns.map { $0 - head.count })
            // A terminal too narrow even for the time and the verb: cut, as the last resort.
            lines.append(columns.map { line.truncated(to: $0) } ?? line)
        }
        if let unknown = unknownSentence(span: span, today: at.date) {
            lines += (report.rows.isEmpty ? [] : [""]) + wrap(unknown)
        } else if report.rows.isEmpty { lines += wrap("Nothing opens or closes in the next \(span).") }
        if report.rows.contains(where: \.transition.estimated) {
            lines += [""] + wrap("~ estimated: projected from the same weekday of the data's week.")
        }
        if report.cut { lines += [""] + wrap(CalendarRange.cutNote) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Said so that an empty window is not read as "nothing changes"; nil when every venue has hours.
    private func unknownSentence(span: String, today: LocalDate) -> String? {
        let headcount = report.headcount
        guard headcount.hasUnknown else { return nil }
        let from = headcount.date > today ? " from \(ClockText.day(headcount.date))" : ""
        let why = headcount.because.map { " (\($0))" } ?? ""
        let venues = headcount.allUnknown ? Headcount.venues(headcount.total) : "\(headcount.unknown.count) of \(Headcount.venues(headcount.total))"
        if report.rows.isEmpty {
            return "Nothing known to open or close in the next \(span): no hours for \(venues)\(from)\(why)."
        }
        return "No hours for \(venues)\(from)\(why): what they do then is not listed."
    }

    private func wrap(_ line: String, at separator: String = " ") -> [String] {
        columns.map { line.wrapped(to: $0, separator: separator) } ?? [line]
    }

    /// In `room` characters: without the meal, then with the name cut, never without the verb.
    private func sentence(_ row: NextReport.Row, room: Int? = nil) -> String {
        let name = row.venue.name
        let label = row.transition.kind == .opens ? DaypartLabel.meaningful(row.transition.label, venue: name) : nil
        let whole = bare(row) + (label.map { " for \($0)" } ?? "")
        guard let room, whole.count > room else { return whole }
        return bare(row).count <= room ? bare(row) : "\(name.truncated(to: max(1, room - verb(row).count - 1))) \(verb(row))"
    }

    private func bare(_ row: NextReport.Row) -> String { "\(row.venue.name) \(verb(row))" }
    private func verb(_ row: NextReport.Row) -> String { row.transition.kind == .opens ? "opens" : "closes" }
}
