import DiningHours
import VenueReports
import VenuedProtocol

/// The menus venued serves: the one place venuectl asks for them. Each body is decoded with the same `MenuDecoder`
/// as a `--menus` file, so both answer alike; without venued, one line says how to read menus without it.
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
        switch answer {
        case .success(let copy): return copy
        case .failure(let failure):
            throw .daemonUnavailable(DaemonFailure(reason: failure.reason + "; menus come from venued, or from --menus FILE|DIR", hint: failure.hint))
        }
    }

    /// The menus of venued's answer; nil when it is not a `menus` answer. A date venued
    /// holds nothing for, or whose body does not decode, is a date without menus.
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
