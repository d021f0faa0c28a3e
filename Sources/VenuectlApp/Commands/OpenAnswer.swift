import DiningHours
import VenueReports

/// One venue's state as `is-open` says it, read from venued's `status` object or from the same report computed
/// locally, so that both paths print the same line.
struct OpenAnswer {
    let venue: Venue
    let state: VenueStatus.State
    let label: String?
    /// The wall clock of `changes_at` in the venue zone.
    let changesAt: LocalDateTime?
    let estimated: Bool
    /// Why the state is unknown (`UnknownReason.name`), as both paths carry it.
    let unknownReason: String?
    /// The venue-zone date of the instant asked about.
    let today: LocalDate

    init(row: StatusReport.Row, zone: ZoneRules, at: Instant) {
        venue = row.venue
        state = row.status.state
        label = row.status.state == .open ? row.status.label : row.status.nextLabel
        changesAt = row.status.changesAt.map(zone.localDateTime)
        estimated = row.status.estimated
        unknownReason = row.status.unknownReason?.name
        today = zone.localDate(of: at)
    }

    /// A venue of venued's answer; nil when it lacks what HOURS.md §4 promises, or its
    /// id is no whole number an `Int` holds (`1e300` from whatever answers on the socket).
    init?(json venue: JSONValue, today: LocalDate) {
        guard case .number(let number)? = venue["id"], let id = Int(exactly: number), case .string(let name)? = venue["name"],
              case .string(let stateName)? = venue["state"], let state = VenueStatus.State(rawValue: stateName) else { return nil }
        self.venue = Venue(id: id, name: name, days: [])
        self.state = state
        let label = venue[state == .open ? "label" : "next_label"]
        self.label = if case .string(let text)? = label { text } else { nil }
        changesAt = if case .string(let text)? = venue["changes_at"] { Self.wallClock(text) } else { nil }
        estimated = venue["estimated"] == .bool(true)
        unknownReason = if case .string(let text)? = venue["unknown_reason"] { text } else { nil }
        self.today = today
    }

    static func wallClock(_ text: String) -> LocalDateTime? {
        switch FeedTime(parsing: text) {
        case .withOffset(let local, _)?, .wallClock(let local)?: return local
        default: return nil
        }
    }

    var exitCode: Int32 {
        switch state {
        case .open: return 0
        case .closed: return 1
        case .unknown: return 2
        }
    }

    /// The answer's sentence; `asked` is "now" without `--at` (or with `--at now`) and "then" with another time, so an
    /// unknown answer names the moment the user meant.
    func line(asked: String) -> String {
        let name = venue.name
        // One parenthesis for what qualifies the time: "(Dinner)", "(Dinner, estimated)".
        let notes = [DaypartLabel.meaningful(label, venue: name), estimated ? "estimated" : nil].compactMap { $0 }
        let qualifier = notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")"
        let sentence: String
        switch state {
        case .open:
            sentence = changesAt.map { "\(name) is open until \(ClockText.moment($0, today: today))\(qualifier)" }
                ?? "\(name) is open\(qualifier), no closing time known"
        case .closed:
            sentence = changesAt.map { "\(name) is closed; opens \(ClockText.when($0, today: today))\(qualifier)" }
                ?? "\(name) is closed, with no opening in the next 14 days" + (estimated ? " (estimated)" : "")
        case .unknown:
            switch unknownReason {
            case "beyond_horizon": sentence = "\(name): unknown, the data is more than \(Coverage.horizonDays) days from \(asked)"
            case "not_estimated": sentence = "\(name): unknown, the data does not cover \(asked) (--no-estimate)"
            case "no_same_weekday": sentence = "\(name): unknown, the data has no such weekday to go by"
            case "no_data", nil: sentence = "\(name): unknown, no hours are published for \(asked)"
            // A reason a newer venued names: the state alone is still the answer.
            default: sentence = "\(name): unknown"
            }
        }
        return sentence
    }
}
