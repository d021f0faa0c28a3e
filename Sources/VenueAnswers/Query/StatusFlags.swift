import DiningHours
/// The flag table of `venuectl status`, and its `--help`. venuectl.conf's keys are
/// defined in terms of these flags (`VenuectlConfig`), so a value means the same in
/// the file and on the command line, with the same error when it is wrong.
extension StatusOptions {
    package static let table = FlagTable<StatusOptions>(helpCommand: "venuectl status --help", flags: [
        .init(name: "--open-now", value: nil, help: "only venues open at that instant") { o, _ in o.openNow = true },
        .init(name: "--favorites", value: nil, help: "only your favorites ('venuectl favorites add VENUE')") { o, _ in o.favorites = true },
        .init(name: "--halls", value: nil, help: "only dining halls") { o, _ in o.kinds.insert(.diningHall) },
        .init(name: "--retail", value: nil, help: "only retail venues") { o, _ in o.kinds.insert(.retail) },
        .init(name: "--all", value: nil, help: "every venue, whatever filter venuectl.conf sets") { o, _ in
            o.openNow = false
            o.favorites = false
            o.kinds = []
        },
        .init(name: "--near", value: "LAT,LON", help: "nearest first, with walking minutes (e.g. 39.9522,-75.1932)") { o, value throws(CLIError) in
            o.near = try Coordinate(nearArgument: value)
        },
        .init(name: "--format", value: "FMT", help: StatusFormat.named.map(\.name).joined(separator: "|") + " (default plain)",
              choices: StatusFormat.named.map(\.name)) { o, value throws(CLIError) in
            o.format = try StatusFormat(name: value)
        },
        .init(name: "--json", value: nil, help: "one JSON object (same as --format json)") { o, _ in o.format = .json },
        .init(name: "--template", value: "TEXT", help: "a line per venue, e.g. '{name} {state} {changes_in}'") { o, value throws(CLIError) in
            o.format = .template(try StatusTemplate(value))
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

    /// The flags and VENUE arguments, then venuectl.conf's defaults for what they left
    /// unset (not read for `--help`, which must work with a broken file), with the
    /// `path:line` of each key that was applied.
    package static func parse(_ arguments: [String], environment: [String: String]) throws(CLIError) -> (StatusOptions, configured: [String: String]) {
        var options = StatusOptions()
        let given = try table.parse(arguments, into: &options) { options, venue in options.venues.append(venue) }
        guard !options.help else { return (options, [:]) }
        let configured = try VenuectlConfig(environment: environment).apply(to: &options, except: given)
        return (options, configured)
    }

    package static var helpText: String {
        """
        usage: venuectl status [VENUE...] [options]

        Which Penn dining venues are open, when they close, when they open next.
        VENUE is an id or part of a name, in any case ("commons", "cafe", 593).
        Filters combine: --halls --open-now is the dining halls open now.

        options:
        \(table.helpLines)

        Without --data the answer comes from venued; when it cannot be reached within
        200 ms, from its cached copy on disk, else from the bundled data, with a notice.
        Formats for bars and prompts, and their configs: docs/integrations.md.

        Defaults are read from \(VenuectlConfig.displayPath),
        'key = value' lines, '#' comments; a flag wins over its key:
        \(VenuectlConfig.helpLines)

        exit codes: 0 printed, 2 usage, 3 unknown venue, 4 unreadable data, 5 invalid data
        """
    }
}
