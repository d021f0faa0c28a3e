import DiningHours

/// One venue's tone and words, worked out once so that each format only arranges and escapes them.
package struct VenueLine: Sendable {
    package let venue: Venue, status: VenueStatus, tone: Tone
    /// `stateWord`: `open`, `closed`, `unknown`, with `~` in front when estimated.
    package let stateWord: String, detail: String
    /// The detail without the meal, for a narrow terminal.
    package let essentialDetail: String
    package let phrase: String
    /// `changesAt`: `changes_at` as ISO 8601 in the venue zone.
    package let changesAt: String?, changesIn: String?, distance: Double?, stale: Bool

    /// `countdown` false: only clock times ("closes at 4:30 PM"), which do not go stale.
    package init(_ row: StatusReport.Row, in report: StatusReport, countdown: Bool = true) {
        let status = row.status, zone = report.zone, now = report.at
        venue = row.venue
        self.status = status
        tone = Tone(status)
        stateWord = (status.estimated ? "~" : "") + status.state.rawValue
        changesAt = status.changesAt.map(zone.iso8601)
        changesIn = status.changesAt.map { ClockText.duration($0 - now) }
        distance = row.distance
        (detail, essentialDetail) = Self.detail(status, venue: row.venue, zone: zone, now: now, countdown: countdown)
        stale = report.dataAge.isStale
        phrase = (status.estimated ? "~" : "") + Self.phrase(status, zone: zone, now: now, countdown: countdown)
    }

    /// Plain text counts down ("closes in 12 min") within this many seconds of closing.
    package static let countdownLimit = 3600
    package var walk: String? { distance.map { "\(Coordinate.walkingMinutes($0)) min walk (\(Coordinate.distanceText($0)))" } }
    package var summary: String { "\(venue.name) \(phrase)" }

    /// The name's first word, so several venues' short blocks still say which is which.
    package var shortSummary: String {
        let first = venue.name.split(separator: " ").first.map { String($0.prefix(12)) } ?? venue.name
        return "\(first) \(phrase)"
    }

    private static func phrase(_ status: VenueStatus, zone: ZoneRules, now: Instant, countdown: Bool) -> String {
        switch status.state {
        case .open:
            guard let end = status.changesAt else { return "open" }
            return status.closingSoon && countdown ? "closes in \(ClockText.duration(end - now))" : "open till \(ClockText.compactWhen(end, from: now, zone: zone))"
        case .closed:
            return status.changesAt.map { "opens \(ClockText.compactWhen($0, from: now, zone: zone))" } ?? "closed"
        case .unknown: return "hours unknown"
        }
    }

    /// Whole and without its meal: the closing or opening time is what a person looks for.
    private static func detail(_ status: VenueStatus, venue: Venue, zone: ZoneRules, now: Instant,
                               countdown: Bool) -> (full: String, essential: String) {
        switch status.state {
        case .open:
            let meal = DaypartLabel.meaningful(status.label, venue: venue.name).map { label in
                status.mealEndsAt.map { "\(label) until \(ClockText.clock(zone.localDateTime(of: $0)))" } ?? label
            }
            let closing = status.changesAt.map { end in
                countdown && end - now <= Self.countdownLimit
                    ? "closes in \(ClockText.duration(end - now)) (\(ClockText.clock(zone.localDateTime(of: end))))"
                    : "closes \(ClockText.when(end, from: now, zone: zone))"
            } ?? "no closing time known"
            return ([meal, closing].compactMap { $0 }.joined(separator: " · "), closing)
        case .closed:
            guard let start = status.changesAt else { return ("no opening in the next 14 days", "no opening in the next 14 days") }
            let opening = "opens \(ClockText.when(start, from: now, zone: zone))"
            let next = DaypartLabel.meaningful(status.nextLabel, venue: venue.name).map { " for \($0)" } ?? ""
            return (opening + next, opening)
        case .unknown:
            let reason = status.unknownReason?.detail(on: zone.localDate(of: now)) ?? "no hours published"
            return (reason, reason)
        }
    }
}

extension StatusReport {
    package var lines: [VenueLine] { lines(countdown: true) }
    package func lines(countdown: Bool) -> [VenueLine] { rows.map { VenueLine($0, in: self, countdown: countdown) } }
}

/// Retail dayparts are often labelled with the venue's own name ("Joe" at Joe's Café), which says nothing.
package enum DaypartLabel {
    package static func meaningful(_ label: String?, venue name: String) -> String? {
        guard let label, !label.isEmpty else { return nil }
        let name = VenueQuery.fold(name), folded = VenueQuery.fold(label)
        return name.contains(folded) || folded.contains(name) ? nil : label
    }
}

/// The one palette of every format. `unknown` is grey, never red: "no data" must not look "closed" (HOURS.md §3.6).
public enum Tone: String, Sendable, CaseIterable {
    case open
    case closingSoon = "closing-soon"
    case closed
    case unknown

    package init(_ status: VenueStatus) {
        switch status.state {
        case .open: self = status.closingSoon ? .closingSoon : .open
        case .closed: self = .closed
        case .unknown: self = .unknown
        }
    }

    /// The SGR code is of the 8 colours every terminal has; i3status-rust's state is themed to match the meaning.
    private var traits: (hex: String, ansi: String, i3statusState: String, marker: String) {
        switch self {
        case .open: return ("#4caf50", "32", "Good", "●")
        case .closingSoon: return ("#ff9800", "33", "Warning", "◐")
        case .closed: return ("#f44336", "31", "Critical", "○")
        case .unknown: return ("#9e9e9e", "2", "Idle", "?")
        }
    }

    public var hex: String { traits.hex }
    package var ansi: String { traits.ansi }
    package var i3statusState: String { traits.i3statusState }
    package var marker: String { traits.marker }

    /// Open if any is, else unknown if any is (closed and unknown together must not look red), else closed.
    package static func combined(_ tones: [Tone]) -> Tone {
        if tones.contains(.open) { return .open }
        if tones.contains(.closingSoon) { return .closingSoon }
        return tones.isEmpty || tones.contains(.unknown) ? .unknown : .closed
    }
}
