import DiningHours
import Glibc
import VenueReports
import VenuedSystem

extension StatusOptions {
    /// Returns the `path:line` of each key applied; venuectl.conf is not read for `--help`, which a broken file allows.
    package static func parse(_ arguments: [String], environment: [String: String]) throws(AnswerError) -> (StatusOptions, configured: [String: String]) {
        var options = StatusOptions()
        let configured = try parse(arguments, table: table, into: &options, status: \.self, environment: environment)
        return (options, configured)
    }

    /// The same for a command whose table lifts status's flags into its own options, at `status`.
    package static func parse<Outer>(_ arguments: [String], table: FlagTable<Outer>, into outer: inout Outer,
                                     status: WritableKeyPath<Outer, StatusOptions>,
                                     environment: [String: String]) throws(AnswerError) -> [String: String] {
        let given = try parseFlags(arguments, table: table, into: &outer, status: status)
        guard !outer[keyPath: status].help else { return [:] }
        return try VenuectlConfig(environment: environment).apply(to: &outer[keyPath: status], except: given)
    }

    package static func helpText(flags: String) -> String {
        """
        usage: venuectl status [VENUE...] [options]

        Which Penn dining venues are open, when they close, when they open next.
        VENUE is an id or part of a name, in any case ("commons", "cafe", 593).
        Filters combine: --halls --open-now is the dining halls open now.
        --details names the stations of the meal each open venue serves, from
        venued's menus or --menus; when there are none to read, one line says so.

        options:
        \(flags)

        Without --data the answer comes from venued; when it cannot be reached within
        200 ms, from its cached copy on disk, else from the bundled data, with a notice.
        Dates the data lacks are projected from its own weekdays (~), up to \(Coverage.horizonDays) days
        away and never further (unknown, with the reason); data that could not be
        refreshed is marked old. How, exactly: HOURS.md. Formats for bars and prompts,
        and their configs: integrations.md. Both are in /usr/share/doc/venued (gzipped
        by the Debian package; docs/ in the source).

        Defaults are read from \(VenuectlConfig.displayPath),
        'key = value' lines, '#' comments; a flag wins over its key:
        \(VenuectlConfig.helpLines(.status))
        (its notify_* keys are for 'venuectl notify': see 'venuectl notify --help')

        exit codes: 0 printed, 2 usage, 3 unknown venue, 4 unreadable data, 5 invalid data,
        74 the answer could not be written (a full disk, a closed stdout). In a bar's or a
        prompt's format a mistake is printed in that format ("venuectl: config error"),
        with exit 0 and the whole line on stderr: bars hide a command that fails.
        """
    }

    /// Even when the command line cannot be parsed; venuectl.conf leniently, since a wrong line may be the error.
    package static func requestedFormat(_ arguments: [String], environment: [String: String]) -> StatusFormat? {
        var found: StatusFormat?
        var words = arguments.makeIterator()
        while let argument = words.next(), argument != "--" {
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            if parts[0] == "--json" { found = .json }
            guard parts[0] == "--format" || parts[0] == "--template",
                  let value = parts.count == 2 ? parts[1] : words.next() else { continue }
            found = parts[0] == "--format" ? try? StatusFormat(name: value) : (try? StatusTemplate(value)).map(StatusFormat.template)
        }
        if let found { return found }
        guard let path = VenuedPaths.configDirectory(environment: environment).map({ $0 + "/venuectl.conf" }),
              access(path, F_OK) == 0, let bytes = try? BoundedFile.read(path, limit: BoundedFile.smallFileLimit) else { return nil }
        let settings = KeyValueLine.lenient(String(decoding: bytes, as: UTF8.self))
        if let name = settings["format"], let format = try? StatusFormat(name: name) { return format }
        if let text = settings["template"], let template = try? StatusTemplate(text) { return .template(template) }
        return nil
    }
}
