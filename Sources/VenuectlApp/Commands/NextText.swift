import DiningHours
import VenueReports

/// `venuectl next` for people: one line per opening or closing, soonest first; when the data has no hours for some
/// venues in the window, how many and why (never only "Nothing opens or closes").
struct NextText {
    let report: NextReport
    let userZone: String?
    let data: String
    /// `$COLUMNS`: the header wraps; a row drops the meal it opens for before it cuts the
    /// venue's name, and keeps its time and whether it opens or closes.
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
            zip(report.rows, zip(moments, waits)).allSatisfy { row, texts in
                head(row, texts.0, texts.1).count + bare(row).count <= columns
            }
        } ?? true
        for (row, (moment, wait)) in zip(report.rows, zip(moments, waits)) {
            let head = head(row, moment, showWaits ? wait : nil)
            let line = head + sentence(row, room: columns.map { $0 - head.count })
            // A terminal too narrow even for the time and the verb: cut, as the last resort.
            lines.append(columns.map { line.truncated(to: $0) } ?? line)
        }
        if let unknown = unknownSentence(span: span, today: at.date) {
            lines += (report.rows.isEmpty ? [] : [""]) + wrap(unknown)
        } else if report.rows.isEmpty {
            lines += wrap("Nothing opens or closes in the next \(span).")
        }
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
        guard let columns else { return [line] }
        return line.wrapped(to: columns, separator: separator)
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
