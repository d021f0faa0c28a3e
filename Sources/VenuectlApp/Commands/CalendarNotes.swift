import DiningHours
import VenueReports

/// What `venuectl calendar` says besides the file: a calendar cannot tell an unknown day from a closed one, so the
/// command names the days no data speaks for.
enum CalendarNotes {
    static func written(_ report: CalendarReport, to path: String) -> String {
        let venues = Set(report.events.map(\.venue.id)).count
        let estimated = report.events.filter(\.estimated).count
        var parts = ["\(venues) venue" + (venues == 1 ? "" : "s"), "\(report.first) to \(report.first.adding(days: report.days - 1))"]
        if estimated > 0 { parts.append("\(estimated) estimated") }
        return "wrote \(report.events.count) event" + (report.events.count == 1 ? "" : "s") + " (\(parts.joined(separator: ", "))) to \(path)"
    }

    /// One line per run of dates and reason, naming the venues it holds for (every
    /// venue shown, usually: the data ends for all of them on the same date).
    static func unknown(_ report: CalendarReport) -> [String] {
        var groups: [(dates: [LocalDate], reason: UnknownReason, venues: [String])] = []
        for entry in report.unknownDays {
            if let index = groups.firstIndex(where: { $0.dates == entry.dates && $0.reason == entry.reason }) {
                groups[index].venues.append(entry.venue.name)
            } else {
                groups.append((entry.dates, entry.reason, [entry.venue.name]))
            }
        }
        let shown = report.venueCount
        return (report.cut ? [CalendarRange.cutNote] : []) + groups.map { group in
            let dates = group.dates.count == 1 ? "\(group.dates[0])" : "\(group.dates[0]) to \(group.dates[group.dates.count - 1])"
            let names = group.venues.count == shown && shown > 1 ? "any venue"
                : group.venues.count <= 3 ? group.venues.joined(separator: ", ")
                : group.venues.prefix(3).joined(separator: ", ") + " and \(group.venues.count - 3) more"
            return "no events on \(dates) for \(names): \(group.reason.detail(on: group.dates[0]))"
        }
    }
}
