import DiningHours
import VenueReports

/// `venuectl search QUERY`: finding nothing is exit 1, as with `grep`.
enum SearchCommand {
    struct Options: HasMenuSource {
        var common = CommonOptions()
        var source = MenuSource()
        var words: [String] = []
        var dish: String?
    }

    struct Result { let hit: VenueSearch.Hit, status: VenueStatus }

    static let table = FlagTable<Options>(helpCommand: "venuectl search --help", flags: [
        .init(name: "--dish", value: "TEXT", help: "search the menus' dishes instead: where and when they are served") { o, v in o.dish = v },
        .date, .menus, .json, .at, .tz, .data, .noEstimate, .help])

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
        if let dish = options.dish { return try run(dish: dish, options: options, context: context) }
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
        if results.isEmpty && !options.common.json {
            Venuectl.writeError("venuectl: no venue matches '\(query)' (run 'venuectl status' to list them all)")
        } else { try Venuectl.write(options.common.json ? output.json() : output.text()) }
        local.writeNotes(zone: zone)
        return results.isEmpty ? 1 : 0
    }

    static func run(dish: String, options: Options, context: Context) throws(CLIError) -> Int32 {
        guard options.words.isEmpty else {
            throw .usage("search takes a QUERY for venues or --dish TEXT for dishes, not both")
        }
        guard dish.contains(where: { $0.isLetter || $0.isNumber }) else {
            throw .usage("--dish needs part of a dish's name, e.g. 'venuectl search --dish pizza'")
        }
        let zone = try options.common.zone()
        let at = try options.common.instant(in: zone, now: context.now)
        let date = try options.source.date(today: zone.localDate(of: at))
        let dates = date.map { $0...$0 } ?? MenuSource.window(around: zone.localDate(of: at))
        let copy = try options.source.load(dates: dates, zone: zone, context: context)
        let menus = copy.book.menus.filter { menu in date.map { menu.date == $0 } ?? (at < menu.end) }
        let report = DishReport(query: dish, at: at, zone: zone, hits: DishSearch(dish).hits(in: menus))
        if report.hits.isEmpty && !options.common.json {
            let when = date.map { "on \(ClockText.day($0))" } ?? "from now on"
            Venuectl.writeError("venuectl: no dish matches '\(dish)' \(when) in \(copy.path)")
        } else { try Venuectl.write(options.common.json ? report.json() : report.text()) }
        if let skipped = copy.skipped { Venuectl.writeError("venuectl: " + skipped) }
        return report.hits.isEmpty ? 1 : 0
    }
}

struct SearchOutput {
    let query: String
    let at: Instant
    let zone: ZoneRules
    let source: FeedSource
    let results: [SearchCommand.Result]

    func text() -> String {
        let ids = results.map { "\($0.hit.venue.id)" }, names = results.map(\.hit.venue.name)
        let kinds = results.map(\.hit.venue.kind.noun)
        let idWidth = ids.map(\.count).max() ?? 0, nameWidth = names.map(\.count).max() ?? 0, kindWidth = kinds.map(\.count).max() ?? 0
        return results.indices.map { index in
            let status = results[index].status
            let state = (status.estimated ? "~" : "") + status.state.rawValue
            return "\(ids[index].padded(to: idWidth))  \(names[index].padded(to: nameWidth))  \(kinds[index].padded(to: kindWidth))  \(state)"
        }.joined(separator: "\n") + "\n"
    }

    func json() -> String {
        let items = results.map { result in
            let venue = result.hit.venue
            return JSONText.object([
                ("id", "\(venue.id)"), ("name", JSONText.quote(venue.name)), ("slug", JSONText.quote(venue.slug)),
                ("kind", JSONText.quote(venue.kind.rawValue)), ("match", JSONText.quote(result.hit.match.name)),
                ("state", JSONText.quote(result.status.state.rawValue)), ("estimated", "\(result.status.estimated)")])
        }
        return Reply.ok([("query", JSONText.quote(query)), ("at", JSONText.quote(zone.iso8601(at))),
            ("source", JSONText.quote(source.rawValue)), ("tz", JSONText.quote(zone.identifier)),
            ("results", JSONText.array(items))])
    }
}
