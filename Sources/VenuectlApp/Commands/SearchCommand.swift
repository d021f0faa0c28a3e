import DiningHours
import VenueReports
import VenuectlGrammar

/// `venuectl search QUERY`: venues ranked by how well their name answers it (`VenueSearch`). Finding nothing is
/// exit 1 with an empty list, as `grep` does, since the typo tier has already had its say.
enum SearchCommand {
    struct Options: HasMenuSource {
        var common = CommonOptions()
        var source = MenuSource()
        var words: [String] = []
        var dish: String?
    }

    struct Result {
        let hit: VenueSearch.Hit
        let status: VenueStatus
    }

    static let table = FlagTable<Options>(helpCommand: "venuectl search --help", flags: [
        .init(name: "--dish", value: "TEXT", help: "search the menus' dishes instead: where and when they are served") { o, v in o.dish = v },
        .date, .menus, .json, .at, .tz, .data, .noEstimate, .help,
    ])

    static let helpText = """
        usage: venuectl search QUERY... [options]
               venuectl search --dish TEXT [--menus FILE|DIR] [--date DATE] [options]

        Venues whose id or name answers QUERY, best first: the id or the whole name, then
        names that start with it, names with words that start with its words (in any
        order), names that contain it, and last names a few typos away. Case, accents
        and punctuation do not matter. Each venue is shown with its id, kind and state.

        options:
        \(table.helpLines)

        The data is --data, else what venued serves, else its cached copy or the bundled data, with a notice.

        --dish lists the meals that serve a dish matching TEXT (matched the same way),
        soonest first, from now on or on --date, from venued's menus or those of --menus
        (docs/MENUS.md).
        --date and --menus go with --dish only.

        exit codes: 0 found, 1 no venue (or dish) matches, 2 usage, 4 unreadable data, 5 invalid data,
        6 venued cannot be reached (--dish without --menus), 74 the answer could not be written
        """

    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        guard let options = try table.options(arguments, help: helpText, operand: { o, word in o.words.append(word) }) else { return 0 }
        if let dish = options.dish { return try DishCommand.run(dish: dish, options: options, context: context) }
        guard options.source.menus == nil, options.source.date == nil else {
            throw .usage("--menus and --date go with --dish: 'venuectl search --dish TEXT --menus FILE'")
        }
        let query = options.words.joined(separator: " ")
        guard query.contains(where: { $0.isLetter || $0.isNumber }) else {
            throw .usage("search needs a QUERY: part of a venue's name or its id, e.g. 'venuectl search cafe'")
        }
        let zone = try options.common.zone()
        let at = try options.common.instant(in: zone, now: context.now)
        let local = try LocalFeed.served(options.common.data, context: context)
        let results = VenueSearch(query).hits(in: local.copy.feed.venues).map { hit in
            Result(hit: hit, status: Timetable(venue: hit.venue, zone: zone).status(at: at, estimate: options.common.estimate))
        }
        let output = SearchOutput(query: query, at: at, zone: zone, source: local.copy.source, results: results)
        if options.common.json {
            try Venuectl.write(output.json())
        } else if results.isEmpty {
            Venuectl.writeError("venuectl: no venue matches '\(query)' (run 'venuectl status' to list them all)")
        } else {
            try Venuectl.write(output.text())
        }
        local.writeNotes(zone: zone)
        return results.isEmpty ? 1 : 0
    }
}
