import DiningHours
import VenueReports
import VenuedProtocol

/// One venue at one instant, from venued's push or the same report computed locally: both say the same in same words.
struct VenueView: Equatable, Sendable {
    struct Moment: Equatable, Sendable {
        let instant: Int
        let wall: LocalDateTime

        /// Only a DST change can make the offsets differ within the hours ahead, and that moves no date.
        func today(at now: Int) -> LocalDate {
            LocalDateTime(date: wall.date, secondOfDay: wall.secondOfDay - (instant - now)).date
        }
    }

    let id: Int
    let name: String
    let state: VenueStatus.State
    var label, nextLabel: String?
    var changesAt: Moment?
    var estimated = false
    var kind: VenueKind { Venue(id: id, name: name, days: []).kind }
}

extension VenueView {
    init(row: StatusReport.Row, zone: ZoneRules) {
        let status = row.status
        self.init(id: row.venue.id, name: row.venue.name, state: status.state, label: status.label, nextLabel: status.nextLabel,
                  changesAt: status.changesAt.map { Moment(instant: $0.secondsSinceEpoch, wall: zone.localDateTime(of: $0)) },
                  estimated: status.estimated)
    }

    /// The text is cleaned here: it came over a socket and goes to the screen.
    init?(json venue: JSONValue) {
        guard case .number(let number)? = venue["id"], let id = Int(exactly: number), case .string(let name)? = venue["name"],
              case .string(let stateName)? = venue["state"], let state = VenueStatus.State(rawValue: stateName) else { return nil }
        func text(_ key: String) -> String? {
            if case .string(let value)? = venue[key] { UntrustedText.singleLine(value) } else { nil }
        }
        let changesAt: Moment? = if case .string(let time)? = venue["changes_at"] { Self.moment(time) } else { nil }
        self.init(id: id, name: UntrustedText.singleLine(name), state: state, label: text("label"), nextLabel: text("next_label"),
                  changesAt: changesAt, estimated: venue["estimated"] == .bool(true))
    }

    static func views(in answer: Answer) -> [VenueView]? {
        guard case .array(let venues)? = answer.value["venues"] else { return nil }
        return venues.compactMap(VenueView.init(json:))
    }

    static func moment(_ text: String) -> Moment? {
        guard case .withOffset(let local, let offset)? = FeedTime(parsing: text) else { return nil }
        return Moment(instant: local.wallSeconds - offset, wall: local)
    }
}
