import DiningHours
import VenueReports

/// `venuectl hours` for people: the venue, where it is, its messages, then a line per day with the merged hours
/// and, under it, the meals that make them up.
struct HoursText {
    let report: HoursReport
    /// The reader's zone: the text says so when venue times are in another one.
    let userZone: String?
    let data: String
    /// `$COLUMNS`: lines wrap to it, a day's hours and meals under their own column, nothing cut from them.
    var columns: Int? = nil

    func render() -> String {
        // The page and image lines are URLs: whole, for the terminal to wrap and the
        // reader to copy, even past the width.
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
        guard let columns else { return [line] }
        return line.wrapped(to: columns, indent: indent, separator: separator)
    }

    private func header() -> [String] {
        let venue = report.venue
        var lines = ["\(venue.name) · \(venue.kind.noun) · id \(venue.id)"]
        if let address = report.address { lines.append(address) }
        if let page = report.info?.pageURL { lines.append("page:  \(page)") }
        if let image = report.image { lines.append("image: \(image)") }
        lines.append(data)
        if let userZone, userZone != report.zone.identifier { lines.append("Times are in \(report.zone.identifier).") }
        let messages = report.messages
        if !messages.isEmpty {
            lines.append("")
            lines += messages.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map { "  \($0)" } }
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
