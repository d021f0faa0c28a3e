import DiningHours
import VenueReports
import VenuedProtocol

/// Today's hours of each watched venue, to tell when new data changes them.
struct HoursWatch {
    struct Today: Equatable { let date: LocalDate, shape: [JSONValue], text: String }
    private var seen: [Int: Today] = [:]
    static func request(venue: Int) -> String { #"{"v":1,"cmd":"hours","venue":"\#(venue)","days":1}"# }

    static func today(in answer: Answer) -> Today? {
        guard answer.ok, case .string(let todayText)? = answer.value["today"], let today = LocalDate(parsing: todayText),
              case .array(let days)? = answer.value["days"], let day = days.first, day["known"] == .bool(true),
              case .array(let open)? = day["open"] else { return nil }
        let allDay = day["open_all_day"] == .bool(true)
        var blocks: [String] = []
        for block in open {
            guard case .string(let startText)? = block["start"], let start = VenueView.moment(startText) else { return nil }
            let end: String = if case .string(let endText)? = block["end"], let end = VenueView.moment(endText) {
                ClockText.moment(end.wall, today: today)
            } else { "no closing time" }
            blocks.append("\(ClockText.clock(start.wall))–\(end)")
        }
        let text = allDay && blocks.isEmpty ? "open all day"
            : blocks.isEmpty ? "closed all day"
            : (allDay ? "open from midnight, then " : "") + blocks.joined(separator: ", ")
        return Today(date: today, shape: open + [.bool(allDay)], text: text)
    }

    mutating func changed(venue: Int, to today: Today) -> Bool {
        defer { seen[venue] = today }
        return seen[venue].map { $0.date == today.date && $0.shape != today.shape } ?? false
    }
}
