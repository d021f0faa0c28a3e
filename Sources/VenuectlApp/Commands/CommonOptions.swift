import DiningHours
import VenueReports
import VenuedProtocol

struct CommonOptions: Sendable {
    var json = false
    var at: String?, tz: String?, data: String?
    var estimate = true
    var help = false
    func zone() throws(CLIError) -> ZoneRules { try answering(try StatusReport.zone(tz)) }

    func instant(in zone: ZoneRules, now: Instant) throws(CLIError) -> Instant {
        try answering(try StatusReport.instant(at, zone: zone, now: now))
    }
}

/// Options with a `--help`, which `FlagTable.options` prints instead of returning them.
protocol HasHelp: Sendable {
    init()
    var help: Bool { get }
}

protocol HasCommonOptions: HasHelp { var common: CommonOptions { get set } }

extension HasCommonOptions { var help: Bool { common.help } }

extension FlagTable where Options: HasHelp {
    func options(_ arguments: [String], help: String,
                 operand: (inout Options, String) throws(AnswerError) -> Void) throws(CLIError) -> Options? {
        var options = Options()
        try answering(try parse(arguments, into: &options, operand: operand))
        guard options.help else { return options }
        try Venuectl.write(help + "\n")
        return nil
    }
}

extension FlagTable.Flag where Options: HasCommonOptions {
    static var json: Self { .init(name: "--json", value: nil, help: "print one JSON object") { o, _ in o.common.json = true } }
    static var at: Self { .at(\.common.at) }
    static var tz: Self { .tz(\.common.tz) }
    static var data: Self { .data(\.common.data) }
    static var noEstimate: Self { .noEstimate(\.common.estimate) }
    static var help: Self { .help(\.common.help) }
}

struct MenuSource: Sendable {
    var menus: String?, date: String?
    /// How far ahead Penn loads menus, and so `--date +N` reaches: today and 6 days.
    static let daysAhead = 6

    func date(today: LocalDate) throws(CLIError) -> LocalDate? {
        guard let date else { return nil }
        switch date {
        case "today": return today
        case "tomorrow": return today.adding(days: 1)
        default:
            if date.hasPrefix("+"), let days = Int(date.dropFirst()), (0...Self.daysAhead).contains(days) { return today.adding(days: days) }
            if let day = LocalDate(parsing: date) { return day }
            throw .usage("cannot read --date '\(date)': use YYYY-MM-DD, today, tomorrow or +N with N from 0 to \(Self.daysAhead)")
        }
    }

    func load(dates: ClosedRange<LocalDate>, zone: ZoneRules, context: Context) throws(CLIError) -> MenuCopy {
        guard let menus else { return try ServedMenus.load(dates: dates, zone: zone, context: context) }
        return try answering(try MenuCopy.load(menus, dates: dates, zone: zone))
    }

    /// Without `--date`: yesterday (a meal past midnight may still be served) through the last day Penn loads.
    static func window(around today: LocalDate) -> ClosedRange<LocalDate> {
        today.adding(days: -1)...today.adding(days: daysAhead)
    }
}

protocol HasMenuSource: HasCommonOptions { var source: MenuSource { get set } }

extension FlagTable.Flag where Options: HasMenuSource {
    static var menus: Self {
        .init(name: "--menus", value: "FILE|DIR", help: "read menus from this file, or from DIR/YYYY-MM-DD.json") { o, v in o.source.menus = v }
    }

    static var date: Self {
        .init(name: "--date", value: "DATE", help: "YYYY-MM-DD, today, tomorrow or +N (N up to 6; default: from now on)") { o, v in o.source.date = v }
    }
}

/// The menus venued serves: the one place venuectl asks for them, each body decoded as a `--menus` file is.
enum ServedMenus {
    /// Up to 8 days of bodies (a few MB at most) cross a local socket: far under this.
    static let budget = 2.0
    /// The dates one request may name (venued's `MenusAnswer.dateLimit`).
    static let dateLimit = 8

    static func load(dates: ClosedRange<LocalDate>, zone: ZoneRules, socket: String? = nil, context: Context) throws(CLIError) -> MenuCopy {
        let asked = (dates.lowerBound.dayNumber...dates.upperBound.dayNumber).prefix(dateLimit).map { JSONText.quote("\(LocalDate(dayNumber: $0))") }
        let request = JSONText.object([("v", "\(Request.version)"), ("cmd", JSONText.quote("menus")), ("dates", JSONText.array(asked))])
        let answer = try DaemonStatus.ask(request, socket: socket, context: context, command: "menu", asked: "menus", timeout: budget) { answer in
            copy(of: answer.value, zone: zone)
        }
        do { return try answer.get() } catch {
            let reason = error.reason + "; menus come from venued, or from --menus FILE|DIR"
            throw .daemonUnavailable(DaemonFailure(reason: reason, hint: error.hint))
        }
    }

    /// nil when venued's answer is not a `menus` answer. A date whose body is missing or does not decode has no menus.
    private static func copy(of answer: JSONValue, zone: ZoneRules) -> MenuCopy? {
        guard case .array(let entries)? = answer["dates"] else { return nil }
        var menus: [Menu] = []
        var missing: [LocalDate] = []
        var skipped: String?
        for entry in entries {
            guard case .string(let text)? = entry["date"], let date = LocalDate(parsing: text) else { continue }
            guard case .string(let body)? = entry["menus"], let document = try? MenuDecoder.decode(Array(body.utf8), zone: zone) else {
                missing.append(date)
                continue
            }
            menus += document.menus
            skipped = skipped ?? SkippedData.line("venued's menus of \(date)", warnings: document.warnings, count: document.warningCount)
        }
        return MenuCopy(book: MenuBook(menus), path: "venued's menus", skipped: skipped, missingDates: missing)
    }
}
