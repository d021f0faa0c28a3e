import DiningHours
import VenueReports
import VenuedProtocol

/// What `info` and `refresh` share: they only ask venued, so an unreachable daemon is an error (exit 6).
struct DaemonCommandOptions: HasHelp {
    var json = false, help = false
    var socket: String?

    static func table(_ command: String, json: Bool) -> FlagTable<DaemonCommandOptions> {
        var flags: [FlagTable<DaemonCommandOptions>.Flag] = []
        if json { flags.append(.init(name: "--json", value: nil, help: "print venued's answer as one JSON object") { o, _ in o.json = true }) }
        return FlagTable(helpCommand: "venuectl \(command) --help", flags: flags + [.socket(\.socket), .help(\.help)])
    }

    static func parse(_ arguments: [String], _ command: String, _ table: FlagTable<DaemonCommandOptions>,
                      _ help: String) throws(CLIError) -> DaemonCommandOptions? {
        try table.options(arguments, help: help) { _, operand throws(AnswerError) in
            throw .usage("\(command) takes no arguments, not '\(operand)'", help: table.helpCommand)
        }
    }

    /// A daemon that cannot be reached, or refuses, is an error here; a failed refresh is its own (exit 7).
    func ask(_ request: String, timeout: Double, _ context: Context) throws(CLIError) -> Answer {
        let connection = DaemonConnection(flag: socket, environment: context.environment, uid: context.uid)
        let answer: Answer
        do { answer = try connection.exchange(request, timeout: timeout).get() } catch {
            throw .daemonUnavailable(error)
        }
        if answer.ok { return answer }
        if answer.value["code"] == .string(ErrorCode.refreshFailed.rawValue) { throw .refreshFailed(answer.refusal) }
        throw .daemonUnavailable(.unusable(connection.path, "refused the request (\(answer.refusal))"))
    }
}

enum InfoCommand {
    /// `info` answers from memory; this only allows for a busy machine.
    static let timeout = 2.0
    static let table = DaemonCommandOptions.table("info", json: true)

    static let helpText = """
        usage: venuectl info [options]

        What venued serves: its version, the data's source, fetch time and dates, the
        last failed refresh and the next one, a cache it could not write, and the menus
        it holds. Needs a running venued.

        options:
        \(table.helpLines)

        exit codes: 0 printed, 2 usage, 6 venued cannot be reached (or its socket is not yours),
        74 the answer could not be written
        """

    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        guard let options = try DaemonCommandOptions.parse(arguments, "info", table, helpText) else { return 0 }
        let answer = try options.ask(DaemonRequest.info, timeout: timeout, context)
        return try Venuectl.done(options.json ? answer.line + "\n" : summary(answer.value))
    }

    /// Times as venued gives them, in its zone, each with its UTC offset: venued's zone need not be the reader's.
    static func summary(_ info: JSONValue) -> String {
        let coverage = info["coverage"].flatMap { c in
            c["first"] == nil || c["last"] == nil ? nil : "dates \(text(c["first"])) to \(text(c["last"]))"
        } ?? "no dates"
        let failures = number(info["failures"]) ?? 0
        var data = "\(text(info["source"])) data, \(coverage), \(number(info["venues"]) ?? 0) venues"
        if let warnings = number(info["warnings"]), warnings > 0 { data += ", \(warnings) parts skipped" }
        data += info["fetched_at"].flatMap(time).map { ", fetched \($0)" } ?? ", compiled into venued"
        if case .bool(true)? = info["stale"] {
            let why = if case .string("refresh_failing")? = info["stale_reason"] { "refreshes are failing" } else { "not refreshed lately" }
            data += "; old: \(why)"
        }
        var lastError = "none"
        if case .string(let error)? = info["last_error"] {
            let when = info["last_error_at"].flatMap(time).map { "at \($0)" } ?? ""
            lastError = (failures > 0 ? "\(when), \(failures) failed refresh\(failures == 1 ? "" : "es") in a row: " : "\(when), since recovered: ") + error
        }
        var next = info["next_refresh"].flatMap(time) ?? "not scheduled"
        if case .string(let reason)? = info["next_refresh_reason"] { next += " (\(reason))" }
        var lines = [
            "venued \(text(info["version"])) (pid \(number(info["pid"]).map(String.init) ?? "?")) on \(text(info["socket"]))"
                + (info["socket_activated"] == .bool(true) ? " (socket activation)" : ""),
            "data:        \(data)",
            "refreshes:   every \(number(info["refresh_seconds"]) ?? 0) s; last success \(info["last_success_at"].flatMap(time) ?? "none yet"); next \(next)",
            "last error:  \(lastError)"]
        if case .string(let error)? = info["cache_error"] {
            let since = info["cache_error_at"].flatMap(time).map { " since \($0)" } ?? ""
            lines.append("cache:       not written\(since): \(error); hours, next, search and open read an older copy")
        }
        if let menus = info["menus"].flatMap(menusLine) { lines.append("menus:       " + menus) }
        return lines.joined(separator: "\n") + "\n"
    }

    static func menusLine(_ menus: JSONValue) -> String? {
        guard case .array(let dates)? = menus["dates"] else { return nil }
        let held = dates.compactMap { number($0["menus"]) }
        let withMenus = held.filter { $0 > 0 }.count
        var line = "\(held.count) date\(held.count == 1 ? "" : "s") held, \(withMenus) with menus"
        line += "; next round " + (menus["next_round"].flatMap(time) ?? "after the next refresh")
        if case .string(let reason)? = menus["next_round_reason"] { line += " (\(reason))" }
        let stale = dates.filter { if case .string = $0["problem"] { true } else { false } }
        if let first = stale.first, case .string(let date)? = first["date"], case .string(let problem)? = first["problem"] {
            line += "; \(stale.count) stale, \(date): \(problem)"
        }
        return line
    }

    /// `2026-11-20T10:15:00-05:00` as `2026-11-20 10:15 -05:00` (`Z` as `+00:00`).
    static func time(_ value: JSONValue) -> String? {
        guard case .string(let iso) = value, iso.count >= 16 else { return nil }
        let minute = String(iso.prefix(16).map { $0 == "T" ? " " : $0 })
        let rest = iso.dropFirst(16).drop { $0 == ":" || $0 == "." || $0.isNumber }
        return rest == "Z" ? minute + " +00:00" : rest.isEmpty ? minute : minute + " " + rest
    }

    private static func number(_ v: JSONValue?) -> Int? { if case .number(let n)? = v { Int(exactly: n) } else { nil } }
    private static func text(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "?" } }
}

/// venued answers `refresh` when its fetch chain is done: venuectl waits four times its fetch deadline, plus a margin.
enum RefreshCommand {
    /// Each fetch child may take a second past its deadline; the rest is the round trip.
    static let margin = 5.0
    static let table = DaemonCommandOptions.table("refresh", json: false)

    static let helpText = """
        usage: venuectl refresh [options]

        Asks venued to fetch the venues now, and prints what each source did. A request
        during a refresh joins it. After a Retry-After, or inside the backoff after failed
        refreshes, venued asks the servers nothing and answers at once with the last
        refresh's report and when it will ask again. Waits at most four times venued's
        fetch timeout plus \(Int(margin)) s (45 s with the default timeout of 10 s;
        usually well under a second). Needs a running venued.

        options:
        \(table.helpLines)

        exit codes: 0 refreshed, 2 usage, 6 venued cannot be reached (or its socket is not yours),
        7 no source answered, 74 the answer could not be written
        """

    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        guard let options = try DaemonCommandOptions.parse(arguments, "refresh", table, helpText) else { return 0 }
        let info = try options.ask(DaemonRequest.info, timeout: InfoCommand.timeout, context)
        // venued's config allows 0.1-300 s; a value outside that is not trusted.
        let fetchTimeout = if case .number(let seconds)? = info.value["timeout_seconds"], seconds > 0, seconds <= 300 { seconds } else { 300.0 }
        let answer = try options.ask(DaemonRequest.refresh, timeout: 4 * fetchTimeout + margin, context)
        let source = if case .string(let name)? = answer.value["source"] { name } else { "?" }
        let list = if case .array(let list)? = answer.value["attempts"] { list } else { [JSONValue]() }
        let attempts = list.compactMap { a -> String? in
            guard case .string(let name)? = a["source"], case .string(let detail)? = a["detail"] else { return nil }
            return "\(name): \(detail)"
        }
        return try Venuectl.done("refreshed: serving \(source) data (\(attempts.joined(separator: "; ")))\n")
    }
}
