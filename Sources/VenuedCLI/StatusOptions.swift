/// The flags of `venuectl status` (SPEC §4), parsed from one table so that parsing,
/// `--help` and the README cannot disagree.
public struct StatusOptions: Hashable, Sendable {
    public var venues: [String] = []
    public var openNow = false
    public var json = false
    public var at: String?
    public var tz: String?
    public var data: String?
    /// `--socket PATH`: where to find venued instead of the usual socket.
    public var socket: String?
    public var estimate = true
    public var soonMinutes = 15
    public var help = false

    public init() {}

    static let table = FlagTable<StatusOptions>(helpCommand: "venuectl status --help", flags: [
        .init(name: "--open-now", value: nil, help: "only venues open at that instant") { o, _ in o.openNow = true },
        .init(name: "--json", value: nil, help: "one JSON object (same as --format json)") { o, _ in o.json = true },
        .init(name: "--format", value: "FMT", help: "plain (default) or json", choices: ["plain", "json"]) { o, value throws(CLIError) in
            switch value {
            case "plain": o.json = false
            case "json": o.json = true
            default: throw .usage("unknown format '\(value)': use plain or json")
            }
        },
        .init(name: "--at", value: "TIME", help: "evaluate at YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM], HH:MM today, or now") { o, v in o.at = v },
        .init(name: "--tz", value: "ZONE", help: "venue time zone, an IANA name (default America/New_York)") { o, v in o.tz = v },
        .init(name: "--data", value: "FILE", help: "compute from this venues JSON file") { o, v in o.data = v },
        .init(name: "--no-estimate", value: nil, help: "no projected hours: dates the data lacks are unknown") { o, _ in o.estimate = false },
        .init(name: "--soon", value: "MIN", help: "closing-soon threshold in minutes (default 15)") { o, value throws(CLIError) in
            guard let minutes = Int(value), minutes >= 0, minutes <= 24 * 60 else {
                throw .usage("--soon takes whole minutes from 0 to 1440, not '\(value)'")
            }
            o.soonMinutes = minutes
        },
        .init(name: "--socket", value: "PATH", help: "ask the venued listening there (default $VENUED_SOCKET, else its usual socket)") { o, v in o.socket = v },
        .init(name: "--help", value: nil, help: "show this help") { o, _ in o.help = true },
    ])

    public static func parse(_ arguments: [String]) throws(CLIError) -> StatusOptions {
        var options = StatusOptions()
        try table.parse(arguments, into: &options) { options, venue in options.venues.append(venue) }
        return options
    }

    static var helpText: String {
        return """
        usage: venuectl status [VENUE...] [options]

        Which Penn dining venues are open, when they close, when they open next.
        VENUE is an id or part of a name, in any case ("commons", "cafe", 593).

        options:
        \(table.helpLines)

        Without --data the answer comes from venued; when it cannot be reached within
        200 ms, from its cached copy on disk, else from the bundled data, with a notice.

        exit codes: 0 printed, 2 usage, 3 unknown venue, 4 unreadable data, 5 invalid data
        """
    }
}
