/// The flags of `venuectl status` (SPEC §4), parsed from one table so that parsing,
/// `--help` and the README cannot disagree.
public struct StatusOptions: Hashable, Sendable {
    public var venues: [String] = []
    public var openNow = false
    public var json = false
    public var at: String?
    public var tz: String?
    public var data: String?
    public var estimate = true
    public var soonMinutes = 15
    public var help = false

    public init() {}

    struct Flag: Sendable {
        let name: String
        let value: String?
        let help: String
        let apply: @Sendable (inout StatusOptions, String) throws(CLIError) -> Void
    }

    static let flags: [Flag] = [
        Flag(name: "--open-now", value: nil, help: "only venues open at that instant") { o, _ in o.openNow = true },
        Flag(name: "--json", value: nil, help: "one JSON object (same as --format json)") { o, _ in o.json = true },
        Flag(name: "--format", value: "FMT", help: "plain (default) or json") { o, value throws(CLIError) in
            switch value {
            case "plain": o.json = false
            case "json": o.json = true
            default: throw .usage("unknown format '\(value)': use plain or json")
            }
        },
        Flag(name: "--at", value: "TIME", help: "evaluate at YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM], HH:MM today, or now") { o, v in o.at = v },
        Flag(name: "--tz", value: "ZONE", help: "venue time zone, an IANA name (default America/New_York)") { o, v in o.tz = v },
        Flag(name: "--data", value: "FILE", help: "compute from this venues JSON file") { o, v in o.data = v },
        Flag(name: "--no-estimate", value: nil, help: "no projected hours: dates the data lacks are unknown") { o, _ in o.estimate = false },
        Flag(name: "--soon", value: "MIN", help: "closing-soon threshold in minutes (default 15)") { o, value throws(CLIError) in
            guard let minutes = Int(value), minutes >= 0, minutes <= 24 * 60 else {
                throw .usage("--soon takes whole minutes from 0 to 1440, not '\(value)'")
            }
            o.soonMinutes = minutes
        },
        Flag(name: "--help", value: nil, help: "show this help") { o, _ in o.help = true },
    ]

    public static func parse(_ arguments: [String]) throws(CLIError) -> StatusOptions {
        var options = StatusOptions()
        var index = 0
        var onlyOperands = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyOperands || !argument.hasPrefix("-") || argument == "-" {
                options.venues.append(argument)
                continue
            }
            if argument == "--" { onlyOperands = true; continue }
            if argument == "-h" { options.help = true; continue }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            guard let flag = flags.first(where: { $0.name == parts[0] }) else {
                throw .usage("unknown option '\(parts[0])'")
            }
            var value = ""
            if let valueName = flag.value {
                if parts.count == 2 {
                    value = parts[1]
                } else {
                    guard index < arguments.count else { throw .usage("\(flag.name) needs a value (\(valueName))") }
                    value = arguments[index]
                    index += 1
                }
            } else if parts.count == 2 {
                throw .usage("\(flag.name) takes no value")
            }
            try flag.apply(&options, value)
        }
        return options
    }

    static var helpText: String {
        let width = flags.map { $0.name.count + ($0.value.map { $0.count + 1 } ?? 0) }.max() ?? 0
        let lines = flags.map { flag -> String in
            let head = flag.name + (flag.value.map { " \($0)" } ?? "")
            return "  " + head + String(repeating: " ", count: width - head.count + 2) + flag.help
        }
        return """
        usage: venuectl status [VENUE...] [options]

        Which Penn dining venues are open, when they close, when they open next.
        VENUE is an id or part of a name, in any case ("commons", "cafe", 593).

        options:
        \(lines.joined(separator: "\n"))

        exit codes: 0 printed, 2 usage, 3 unknown venue, 4 unreadable data, 5 invalid data
        """
    }
}
