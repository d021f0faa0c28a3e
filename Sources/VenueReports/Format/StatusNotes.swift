import DiningHours

/// The sentences that explain an answer beyond its rows (old data, unknown hours), alike in every format with room.
package struct StatusNotes {
    package let stale: String?, unknown: [String], dishes: [String]
    package static let staleMarker = "(old)"

    package init(_ report: StatusReport) {
        stale = Self.stale(report)
        unknown = Self.unknown(report)
        dishes = report.dishAlerts.map { "Soon: " + DishAlertText.line($0, zone: report.zone, at: report.at) }
    }

    package var all: [String] { (stale.map { [$0] } ?? []) + unknown + dishes }

    private static func stale(_ report: StatusReport) -> String? {
        let age = report.dataAge, zone = report.zone
        guard let staleness = age.staleness else { return nil }
        let fetched = age.fetchedAt.map { "from " + ClockText.day(zone.localDate(of: $0)) + " " + ClockText.clock(zone.localDateTime(of: $0)) }
        let info = "('venuectl info' says why)", cached = "cached copy " + (fetched ?? "of unknown age")
        let copy = { (whose: String) in report.source == .cache ? whose + cached : "the bundled copy of Penn's hours" }
        switch staleness {
        case .venuedUnreachable(let hint):
            return "Old data: venued did not answer, so this is \(copy("venued's ")) — \(hint)."
        case .refreshFailing: return "Old data: venued's refreshes are failing, so it serves \(copy("its ")) \(info)."
        case .overdue:
            guard let fetched, report.source != .bundled else {
                return "Old data: this is the bundled copy of Penn's hours; venued has not fetched newer ones yet \(info)."
            }
            return "Old data: this copy is \(fetched), and venued has not refreshed it since \(info)."
        }
    }

    private static func unknown(_ report: StatusReport) -> [String] {
        // With the venues --open-now left out: their hours are what it could not judge.
        let reasons = (report.rows + report.withheld).compactMap(\.status.unknownReason)
        let date = report.zone.localDate(of: report.at)
        var notes: [String] = []
        let coverages: [Coverage] = reasons.compactMap { if case .beyondHorizon(let span) = $0 { span } else { nil } }
        if let first = coverages.first {
            let coverage = coverages.allSatisfy { $0 == first } ? first : report.coverage ?? first
            var note = "No hours: the data covers \(coverage.first) to \(coverage.last), and hours are not guessed"
                + " more than \(Coverage.horizonDays) days away from it"
            // Asked about now, the likely question is what the data holds at all.
            if report.options.at == nil { note += "; --at \(sample(coverage))T12:00 shows that week" }
            notes.append(note + ".")
        }
        if reasons.contains(.noSameWeekday) {
            notes.append("No hours: the data has no \(weekdays[date.weekday]) to project \(date) from.")
        }
        if reasons.contains(.notEstimated) {
            notes.append("No hours: the data does not cover \(date), and --no-estimate keeps it from being projected.")
        }
        let empty = reasons.count { $0 == .noData }
        if empty > 0 {
            notes.append("No hours: the feed lists no days for \(empty == 1 ? "one venue" : "\(empty) venues").")
        }
        return notes
    }

    /// A weekday of the coverage, so the example shows venues open; its first date if none.
    private static func sample(_ coverage: Coverage) -> LocalDate {
        let days = stride(from: coverage.first.dayNumber, through: coverage.last.dayNumber, by: 1)
        return days.lazy.map(LocalDate.init(dayNumber:)).first { (1...5).contains($0.weekday) } ?? coverage.first
    }

    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
}

extension UnknownReason {
    /// A few words for a venue's line or a day of `hours`; the status header says the rest (`StatusNotes`).
    package func detail(on date: LocalDate) -> String {
        switch self {
        case .notEstimated: return "not in the data (--no-estimate)"
        case .noData: return "no hours published"
        case .beyondHorizon, .noSameWeekday: return "no hours: " + clause(on: date)
        }
    }

    /// Fewer words, for a count of venues that share the reason (`Headcount.because`).
    package func clause(on date: LocalDate) -> String {
        switch self {
        case .beyondHorizon(let coverage):
            return date > coverage.last ? "the data ends \(coverage.last)" : "the data starts \(coverage.first)"
        case .noSameWeekday: return "no \(ClockText.weekdays[date.weekday]) in the data"
        case .notEstimated: return "not projected: --no-estimate"
        case .noData: return "none published"
        }
    }
}

/// A followed dish's alert, with the day when the meal is not on the date of `now` (a long `--dish-lead`).
package enum DishAlertText {
    package static func line(_ alert: FollowedDishes.Alert, zone: ZoneRules, at now: Instant) -> String {
        let menu = alert.menu, startDate = zone.localDate(of: menu.start)
        let day = startDate == zone.localDate(of: now) ? "" : ClockText.day(startDate) + " "
        return "\(alert.dish) at \(menu.venueName), \(day)\(menu.service) \(MealHours.range(menu, zone: zone))"
    }

    /// `followed` is the name as followed, `dish` as the menu writes it.
    package static func members(_ alert: FollowedDishes.Alert, zone: ZoneRules, at now: Instant) -> [(String, String)] {
        [("followed", JSONText.quote(alert.followed)), ("dish", JSONText.quote(alert.dish))]
            + MenuJSON.members(alert.menu, zone: zone)
            + [("announced_at", JSONText.quote(zone.iso8601(alert.announceAt))),
               ("text", JSONText.quote(line(alert, zone: zone, at: now)))]
    }
}

/// How many venues are open and how many have no hours, so a summary never reads "no hours" as "all closed".
package struct Headcount: Sendable {
    /// `total`: the venues summed up, before `--open-now` dropped any.
    package let total: Int, open: Int, unknown: [UnknownReason]
    package var withheld = 0
    /// The date asked about, which the reasons' words compare with the data's dates.
    package let date: LocalDate
    package var hasUnknown: Bool { !unknown.isEmpty }
    package var allUnknown: Bool { hasUnknown && unknown.count == total }

    /// Nothing known to be open, worded so it cannot pass for "all closed"; nil when one is open or all are known.
    package var noneOpen: String? {
        guard open == 0, hasUnknown else { return nil }
        if allUnknown { return "none known to be open: no hours for " + Self.venues(total) + (because.map { " (\($0))" } ?? "") }
        return "none open; no hours for \(unknown.count) of \(total)"
    }

    package var count: String {
        noneOpen ?? "\(open) of \(total) open" + (hasUnknown ? "; no hours for \(unknown.count)" : "")
    }

    package var short: String {
        allUnknown ? "no hours known" : "\(open)/\(total) open" + (hasUnknown ? ", \(unknown.count) unknown" : "")
    }

    package static func venues(_ count: Int) -> String { count == 1 ? "1 venue" : "\(count) venues" }

    /// The reason every unknown venue shares, in a few words; nil when they differ (the notes say each).
    package var because: String? {
        let clauses = Set(unknown.map { $0.clause(on: date) })
        return clauses.count == 1 ? clauses.first : nil
    }
}

extension Headcount {
    package init(_ report: StatusReport) {
        self.init(total: report.chosen, open: report.rows.count { $0.status.state == .open },
                  unknown: (report.rows + report.withheld).compactMap(\.status.unknownReason),
                  withheld: report.withheld.count, date: report.zone.localDate(of: report.at))
    }
}
