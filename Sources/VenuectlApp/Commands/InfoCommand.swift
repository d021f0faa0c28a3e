import DiningHours
import VenuedProtocol

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
        try Venuectl.write(options.json ? answer.line + "\n" : summary(answer.value))
        return 0
    }

    /// Times as venued gives them, in its zone, each with its UTC offset: venued's zone need not be the reader's.
    static func summary(_ info: JSONValue) -> String {
        let coverage = info["coverage"].flatMap { c in
            c["first"] == nil || c["last"] == nil ? nil : "dates \(text(c["first"])) to \(text(c["last"]))"
        } ?? "no dates"
        let warnings = number(info["warnings"]) ?? 0
        let failures = number(info["failures"]) ?? 0
        var data = "\(text(info["source"])) data, \(coverage), \(number(info["venues"]) ?? 0) venues"
        if warnings > 0 { data += ", \(warnings) parts skipped" }
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
            "last error:  \(lastError)",
        ]
        if case .string(let error)? = info["cache_error"] {
            let since = info["cache_error_at"].flatMap(time).map { " since \($0)" } ?? ""
            lines.append("cache:       not written\(since): \(error); hours, next, search and open read an older copy")
        }
        if let menus = info["menus"].flatMap(menusLine) { lines.append("menus:       " + menus) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// How many dates venued holds menus for, the next round, the first stale date; nil for an older venued.
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
        if rest == "Z" { return minute + " +00:00" }
        return rest.isEmpty ? minute : minute + " " + rest
    }

    private static func number(_ value: JSONValue?) -> Int? {
        if case .number(let number)? = value { return Int(exactly: number) }
        return nil
    }

    private static func text(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "?" } }
}
