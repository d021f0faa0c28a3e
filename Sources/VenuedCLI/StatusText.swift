import DiningHours

/// `venuectl status` for people: a header naming the data, then the venues by kind,
/// one line each. venued renders it too (`"render":"plain"`), so the thin client's text
/// and the local fallback's are the same code.
public struct StatusText {
    let report: StatusReport
    let color: Bool
    /// The user's own zone, to say when venue times are in another one; nil means the
    /// venue zone itself.
    let userZone: String?

    public init(report: StatusReport, color: Bool, userZone: String?) {
        self.report = report
        self.color = color
        self.userZone = userZone
    }

    public func render() -> String {
        var lines = header()
        for kind in VenueKind.allCases {
            let rows = report.rows.filter { $0.venue.kind == kind }
            guard !rows.isEmpty else { continue }
            let width = rows.map(\.venue.name.count).max() ?? 0
            lines.append("")
            lines.append(paint(kind.heading, "1"))
            for row in rows {
                let name = row.venue.name + String(repeating: " ", count: width - row.venue.name.count)
                lines.append("  \(marker(row.status)) \(name)  \(stateWord(row.status))  \(detail(row.status, venue: row.venue))")
            }
        }
        if report.rows.isEmpty { lines += ["", "No venues to show."] }
        return lines.joined(separator: "\n") + "\n"
    }

    private func header() -> [String] {
        let zone = report.zone
        let local = zone.localDateTime(of: report.at)
        let data = report.coverage.map { "\(report.source.rawValue) data, \($0.first) to \($0.last)" } ?? "\(report.source.rawValue) data, no dates"
        var lines = ["Penn dining at \(ClockText.day(local.date)) \(ClockText.clock(local)) · \(data)"]
        if let userZone, zone.identifier != userZone {
            lines.append("Times are in \(zone.identifier) (UTC\(offsetText(zone.offset(at: report.at)))).")
        }
        if report.rows.contains(where: \.status.estimated) {
            lines.append(paint("~ estimated: the data does not cover this date, so hours are projected from the same weekday of the data's week.", "33"))
        }
        return lines
    }

    private func offsetText(_ offset: Int) -> String {
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return "\(sign)\(minutes / 60)" + (minutes % 60 == 0 ? "" : ":\(minutes % 60)")
    }

    private func marker(_ status: VenueStatus) -> String {
        switch status.state {
        case .open: return paint(status.closingSoon ? "◐" : "●", status.closingSoon ? "33" : "32")
        case .closed: return paint("○", "31")
        case .unknown: return paint("?", "2")
        }
    }

    private func stateWord(_ status: VenueStatus) -> String {
        let word = (status.estimated ? "~" : "") + status.state.rawValue
        let padded = word + String(repeating: " ", count: max(0, 8 - word.count))
        switch status.state {
        case .open: return paint(padded, status.closingSoon ? "33" : "32")
        case .closed: return paint(padded, "31")
        case .unknown: return paint(padded, "2")
        }
    }

    private func meaningful(_ label: String, for venue: Venue) -> String? {
        DaypartLabel.meaningful(label, venue: venue.name)
    }

    private func detail(_ status: VenueStatus, venue: Venue) -> String {
        let zone = report.zone, now = report.at
        switch status.state {
        case .open:
            var parts: [String] = []
            if let label = status.label.flatMap({ meaningful($0, for: venue) }) {
                parts.append(status.mealEndsAt.map { "\(label) until \(ClockText.clock(zone.localDateTime(of: $0)))" } ?? label)
            }
            if let end = status.changesAt {
                let remaining = end - now
                parts.append(remaining <= 3600
                    ? "closes in \(ClockText.duration(remaining)) (\(ClockText.clock(zone.localDateTime(of: end))))"
                    : "closes \(ClockText.when(end, from: now, zone: zone))")
            } else {
                parts.append("no closing time known")
            }
            return parts.joined(separator: " · ")
        case .closed:
            guard let start = status.changesAt else { return "no opening in the next 14 days" }
            return "opens \(ClockText.when(start, from: now, zone: zone))"
                + (status.nextLabel.flatMap { meaningful($0, for: venue) }.map { " for \($0)" } ?? "")
        case .unknown:
            return "no hours published"
        }
    }

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
