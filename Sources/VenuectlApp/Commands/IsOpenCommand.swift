import DiningHours
import VenueReports
import VenuedProtocol

/// Usage errors exit 64 (EX_USAGE): the usual 2 would read as "unknown".
enum IsOpenCommand {
    struct Options: HasCommonOptions {
        var common = CommonOptions()
        var venue: [String] = []
        var quiet = false
        var socket: String?
    }

    static let table = FlagTable<Options>(helpCommand: "venuectl is-open --help", flags: [
        .init(name: "--quiet", value: nil, help: "print nothing: the exit code is the answer", short: "-q") { o, _ in o.quiet = true },
        .at, .tz, .data, .noEstimate, .socket(\.socket), .help])

    static let helpText = """
        usage: venuectl is-open VENUE [options]

        Whether one venue is open, as an exit code for scripts, and one line such as
        "1920 Commons is open until 8:00 PM (Dinner)". VENUE is an id, a name, or a part
        of one that names a single venue.

        options:
        \(table.helpLines)

        Without --data venued answers; when it cannot within 200 ms, venued's cached copy
        on disk, else the bundled data, with a notice on stderr (none with -q).

        exit codes: 0 open, 1 closed, 2 unknown (no hours published, a time more than
        \(Coverage.horizonDays) days from the data, or --no-estimate beyond it); errors: 3 unknown venue, 4 unreadable data, 5 invalid data,
        64 usage or a name several venues share, 70 no time-zone data, 74 the answer
        could not be written
        """

    static func exitCode(_ error: CLIError) -> Int32 { error.exitCode == 2 ? 64 : error.exitCode }

    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        guard let options = try table.options(arguments, help: helpText, operand: { o, word in o.venue.append(word) }) else { return 0 }
        let query = try answering(try VenueArgument.query(options.venue, command: "is-open"))
        let (answers, notes) = try answers(options, context)
        let venue = try answering(try VenueArgument.resolve(query, in: answers.map(\.venue)))
        guard let answer = answers.first(where: { $0.venue.id == venue.id }) else { throw .answer(.unknownVenue(query, suggestions: [])) }
        if !options.quiet {
            try Venuectl.write(answer.line(asked: [nil, "now"].contains(options.common.at) ? "now" : "then") + "\n")
            for note in notes { Venuectl.writeError("venuectl: " + note) }
        }
        return answer.exitCode
    }

    private static func answers(_ options: Options, _ context: Context) throws(CLIError) -> ([OpenAnswer], notes: [String]) {
        var status = StatusOptions()
        (status.at, status.tz, status.estimate) = (options.common.at, options.common.tz, options.common.estimate)
        if let path = options.common.data {
            let local = try LocalFeed.load(path, environment: context.environment)
            return (try computed(status, local.copy, context), local.notes)
        }
        let request = StatusQuery.request(.status, status, presentation: nil)
        let asked = try DaemonStatus.ask(request, socket: options.socket, context: context,
                                         command: "is-open") { answer -> [OpenAnswer]? in
            guard case .string(let at)? = answer.value["at"], let today = OpenAnswer.wallClock(at)?.date,
                  case .array(let venues)? = answer.value["venues"] else { return nil }
            let answers = venues.compactMap { OpenAnswer(json: $0, today: today) }
            return answers.count == venues.count ? answers : nil
        }
        switch asked {
        case .success(let answers): return (answers, [])
        case .failure(let failure):
            let local = try LocalFeed.load(nil, environment: context.environment)
            return (try computed(status, local.copy, context), [local.notice(failure, zone: try options.common.zone())])
        }
    }

    private static func computed(_ request: StatusOptions, _ feed: FeedCopy, _ context: Context) throws(CLIError) -> [OpenAnswer] {
        // Its one line says nothing of the data's age: the notice on stderr names the copy.
        let report = try answering(try StatusReport(options: request, feed: feed, now: context.now, dataAge: DataAge()))
        return report.rows.map { OpenAnswer(row: $0, zone: report.zone, at: report.at) }
    }
}

/// One venue's state, read from venued's `status` object or from the same report computed locally.
struct OpenAnswer {
    let venue: Venue
    let state: VenueStatus.State
    let label: String?
    let changesAt: LocalDateTime?
    let estimated: Bool
    /// `UnknownReason.name`.
    let unknownReason: String?
    let today: LocalDate

    init(row: StatusReport.Row, zone: ZoneRules, at: Instant) {
        (venue, state, estimated, today) = (row.venue, row.status.state, row.status.estimated, zone.localDate(of: at))
        label = row.status.state == .open ? row.status.label : row.status.nextLabel
        changesAt = row.status.changesAt.map(zone.localDateTime)
        unknownReason = row.status.unknownReason?.name
    }

    /// nil when the venue lacks what HOURS.md §4 promises, or its id is no whole number an `Int` holds (`1e300`).
    init?(json venue: JSONValue, today: LocalDate) {
        guard case .number(let number)? = venue["id"], let id = Int(exactly: number), case .string(let name)? = venue["name"],
              case .string(let stateName)? = venue["state"], let state = VenueStatus.State(rawValue: stateName) else { return nil }
        self.venue = Venue(id: id, name: name, days: [])
        self.state = state
        label = if case .string(let text)? = venue[state == .open ? "label" : "next_label"] { text } else { nil }
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

    var exitCode: Int32 { state == .open ? 0 : state == .closed ? 1 : 2 }

    /// `asked` is "now" without `--at` (or with `--at now`), else "then": an unknown answer names the moment meant.
    func line(asked: String) -> String {
        let name = venue.name
        // One parenthesis for what qualifies the time: "(Dinner)", "(Dinner, estimated)".
        let notes = [DaypartLabel.meaningful(label, venue: name), estimated ? "estimated" : nil].compactMap { $0 }
        let qualifier = notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")"
        switch state {
        case .open:
            return changesAt.map { "\(name) is open until \(ClockText.moment($0, today: today))\(qualifier)" }
                ?? "\(name) is open\(qualifier), no closing time known"
        case .closed:
            return changesAt.map { "\(name) is closed; opens \(ClockText.when($0, today: today))\(qualifier)" }
                ?? "\(name) is closed, with no opening in the next 14 days" + (estimated ? " (estimated)" : "")
        case .unknown:
            switch unknownReason {
            case "beyond_horizon":
                return "\(name): unknown, the data is more than \(Coverage.horizonDays) days from \(asked)"
            case "not_estimated": return "\(name): unknown, the data does not cover \(asked) (--no-estimate)"
            case "no_same_weekday": return "\(name): unknown, the data has no such weekday to go by"
            case "no_data", nil: return "\(name): unknown, no hours are published for \(asked)"
            // A reason a newer venued names: the state alone is still the answer.
            default: return "\(name): unknown"
            }
        }
    }
}
