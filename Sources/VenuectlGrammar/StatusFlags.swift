import DiningHours
import VenueReports

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
        .init(name: "--hide-empty", value: nil, help: "bar formats: print an empty text, which hides the module, when no venue is chosen or open") { o, _ in
            o.hideEmpty = true
        },
        .at(\.at),
        .tz(\.tz),
        .data(\.data),
        .noEstimate(\.estimate),
        .init(name: "--soon", value: "MIN", help: "closing-soon threshold in minutes (default 15)") { o, value throws(CLIError) in
            guard let minutes = Int(value), minutes >= 0, minutes <= 24 * 60 else {
                throw .usage("--soon takes whole minutes from 0 to 1440, not '\(value)'")
            }
            o.soonMinutes = minutes
        },
        .socket(\.socket),
        .help(\.help),
    ])

    /// The flags and VENUE arguments, then venuectl.conf's defaults for what they left
    /// unset (not read for `--help`, which must work with a broken file), with the
    /// `path:line` of each key that was applied.
    package static func parse(_ arguments: [String], environment: [String: String]) throws(CLIError) -> (StatusOptions, configured: [String: String]) {
        var options = StatusOptions()
        let configured = try parse(arguments, table: table, into: &options, status: \.self, environment: environment)
        return (options, configured)
    }

    /// The same for a command whose table lifts status's flags into its own options
    /// (`FlagTable.Flag.lifted`), with status's options at `status`.
    package static func parse<Outer>(_ arguments: [String], table: FlagTable<Outer>, into outer: inout Outer,
                                     status: WritableKeyPath<Outer, StatusOptions>,
                                     environment: [String: String]) throws(CLIError) -> [String: String] {
        let given = try table.parse(arguments, into: &outer) { outer, venue in outer[keyPath: status].venues.append(venue) }
        guard !outer[keyPath: status].help else { return [:] }
        guard let venues = StatusOptions.venueQueries(outer[keyPath: status].venues) else {
            throw .usage("at most \(StatusOptions.venueLimit) VENUE arguments", help: table.helpCommand)
        }
        outer[keyPath: status].venues = venues
        return try VenuectlConfig(environment: environment).apply(to: &outer[keyPath: status], except: given)
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
        Dates the data lacks are projected from its own weekdays (~), up to \(Coverage.horizonDays) days
        away and never further (unknown, with the reason); data that could not be
        refreshed is marked old. How, exactly: HOURS.md. Formats for bars and prompts,
        and their configs: integrations.md. Both are in /usr/share/doc/venued (gzipped
        by the Debian package; docs/ in the source).

        Defaults are read from \(VenuectlConfig.displayPath),
        'key = value' lines, '#' comments; a flag wins over its key:
        \(VenuectlConfig.helpLines)
        (its notify_* keys are for 'venuectl notify': see 'venuectl notify --help')

        exit codes: 0 printed, 2 usage, 3 unknown venue, 4 unreadable data, 5 invalid data,
        74 the answer could not be written (a full disk, a closed stdout). In a bar's or a
        prompt's format a mistake is printed in that format ("venuectl: config error"),
        with exit 0 and the whole line on stderr: bars hide a command that fails.
        """
    }
}
