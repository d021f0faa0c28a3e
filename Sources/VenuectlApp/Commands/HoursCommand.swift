import DiningHours
import VenueReports

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
        }, .json, .at, .tz, .data, .noEstimate, .help])

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
        try Venuectl.write(options.common.json ? HoursJSON.render(report) : HoursText(
            report: report, userZone: ZoneDatabase.userZoneName(environment: context.environment),
            data: local.describe(report.coverage), columns: TerminalWidth.columns(environment: context.environment)
        ).render())
        local.writeNotes(zone: zone)
        return 0
    }
}

struct HoursText {
    let report: HoursReport
    /// The reader's zone: the text says so when venue times are in another one.
    let userZone: String?
    let data: String
    var columns: Int? = nil

    func render() -> String {
        // URLs stay whole, for the reader to copy, even past the width.
        var lines = header().flatMap { $0.contains("://") ? [$0] : wrap($0) }
        let labels = report.days.map { ClockText.day($0.date) + ($0.date == report.today ? " (today)" : "") }
        let width = labels.map(\.count).max() ?? 0
        // Under the hours column, unless that leaves a narrow terminal too little room.
        let indent = String(repeating: " ", count: columns.map { $0 - (width + 4) < 20 ? 4 : width + 4 } ?? width + 4)
        for (day, label) in zip(report.days, labels) {
            let marker = !day.known ? "?" : day.estimated ? "~" : " "
            lines += wrap("\(marker) \(label.padded(to: width))  \(hours(day))", indent: indent, at: ", ")
            if let meals = meals(day) { lines += wrap(indent + meals, indent: indent, at: " · ") }
        }
        if report.days.contains(where: \.estimated) {
            lines += [""] + wrap("~ estimated: the data does not cover these dates, so hours are projected from the same weekday of the data's week.")
        }
        if report.cut { lines += [""] + wrap(CalendarRange.cutNote) }
        return lines.joined(separator: "\n") + "\n"
    }

    private func wrap(_ line: String, indent: String = "  ", at separator: String = " ") -> [String] {
        columns.map { line.wrapped(to: $0, indent: indent, separator: separator) } ?? [line]
    }

    private func header() -> [String] {
        let venue = report.venue
        var lines = ["\(venue.name) · \(venue.kind.noun) · id \(venue.id)"]
        if let address = report.address { lines.append(address) }
        if let page = report.info?.pageURL { lines.append("page:  \(page)") }
        if let image = report.image { lines.append("image: \(image)") }
        lines.append(data)
        if let userZone, userZone != report.zone.identifier { lines.append("Times are in \(report.zone.identifier).") }
        if !report.messages.isEmpty {
            let messages = report.messages.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
            lines += [""] + messages.map { "  \($0)" }
        }
        return lines + [""]
    }

    private func hours(_ day: DayHours) -> String {
        if let reason = day.unknownReason { return reason.detail(on: day.date) }
        var parts = day.openAllDay ? ["open all day"] : []
        parts += day.blocks.map { block in
            block.end.map { range(block.start, $0.at) } ?? "from \(ClockText.clock(report.zone.localDateTime(of: block.start))), no closing time ahead"
        }
        return parts.isEmpty ? "closed" : parts.joined(separator: ", ")
    }

    private func meals(_ day: DayHours) -> String? {
        let meals = day.dayparts.compactMap { part in
            DaypartLabel.meaningful(part.label, venue: report.venue.name).map { "\($0) \(range(part.start, part.end))" }
        }
        return meals.isEmpty ? nil : meals.joined(separator: " · ")
    }

    /// `7:30 AM–10:30 AM`; an end on a later date says so (`8:30 PM–Tue 2:00 AM`, `–midnight`).
    private func range(_ start: Instant, _ end: Instant) -> String {
        let from = report.zone.localDateTime(of: start)
        return ClockText.clock(from) + "–" + ClockText.moment(report.zone.localDateTime(of: end), today: from.date)
    }
}
