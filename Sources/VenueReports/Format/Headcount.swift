import DiningHours

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
