import DiningHours
import VenueReports

/// `venuectl next` for people: a header with the window and the data, then one line
/// per opening or closing, soonest first.
///
///     Next 3 h from Mon Sep 18 12:00 PM · file data, 2023-09-16 to 2023-09-22
///       2:00 PM  in 2 h        Falk Kosher Dining closes
///       5:00 PM  in 5 h        Lauder College House opens for Dinner
///     ~ Tue 7:30 AM  in 19 h 30 min  1920 Commons opens for Breakfast
struct NextText {
    let report: NextReport
    let userZone: String?
    /// The data line, as `LocalFeed.describe` writes it.
    let data: String

    func render() -> String {
        let zone = report.zone, at = zone.localDateTime(of: report.at)
        let span = ClockText.duration(report.until - report.at)
        var lines = ["Next \(span) from \(ClockText.day(at.date)) \(ClockText.clock(at)) · \(data)"]
        if let userZone, userZone != zone.identifier { lines.append("Times are in \(zone.identifier).") }
        let moments = report.rows.map { ClockText.moment(zone.localDateTime(of: $0.transition.at), today: at.date) }
        let waits = report.rows.map { "in " + ClockText.duration($0.transition.at - report.at) }
        let momentWidth = moments.map(\.count).max() ?? 0, waitWidth = waits.map(\.count).max() ?? 0
        for (row, (moment, wait)) in zip(report.rows, zip(moments, waits)) {
            let marker = row.transition.estimated ? "~" : " "
            lines.append("\(marker) \(moment.padded(to: momentWidth))  \(wait.padded(to: waitWidth))  \(sentence(row))")
        }
        if report.rows.isEmpty { lines.append("Nothing opens or closes in the next \(span).") }
        if report.rows.contains(where: \.transition.estimated) {
            lines += ["", "~ estimated: projected from the same weekday of the data's week."]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "Lauder College House opens for Dinner", "Falk Kosher Dining closes".
    private func sentence(_ row: NextReport.Row) -> String {
        guard row.transition.kind == .opens else { return "\(row.venue.name) closes" }
        let label = DaypartLabel.meaningful(row.transition.label, venue: row.venue.name)
        return "\(row.venue.name) opens" + (label.map { " for \($0)" } ?? "")
    }
}
