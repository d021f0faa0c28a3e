import DiningHours
import VenueReports

enum OpenCommand {
    struct Options: HasCommonOptions {
        var common = CommonOptions()
        var venue: [String] = []
        var print = false
    }

    static let table = FlagTable<Options>(helpCommand: "venuectl open --help", flags: [
        .init(name: "--print", value: nil, help: "print the page's URL instead of opening it") { o, _ in o.print = true },
        .data, .help,
    ])

    static let helpText = """
        usage: venuectl open VENUE [options]

        Opens the venue's page on Penn Dining's site with $BROWSER (a colon-separated list
        of programs; %s stands for the URL), else xdg-open. Prints the URL instead when
        neither is installed, or with --print. VENUE is an id, a name, or a part of one
        that names a single venue.

        options:
        \(table.helpLines)

        exit codes: 0 opened or printed, 2 usage or ambiguous venue, 3 unknown venue,
        4 unreadable data, 5 invalid data, 8 the venue has no page, 9 the browser failed,
        74 the URL could not be written
        """

    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        guard let options = try table.options(arguments, help: helpText, operand: { o, word in o.venue.append(word) }) else { return 0 }
        let query = try answering(try VenueArgument.query(options.venue, command: "open"))
        let local = try LocalFeed.served(options.common.data, context: context)
        local.writeNotes(zone: try options.common.zone())
        let url = try page(query, venues: local.copy.feed.venues)
        if options.print {
            try Venuectl.write(url + "\n")
            return 0
        }
        switch BrowserOpener(environment: context.environment).open(url) {
        case .opened: return 0
        case .noOpener:
            try Venuectl.write(url + "\n")
            Venuectl.writeError("venuectl: nothing to open the page with (no $BROWSER, no xdg-open on PATH): its URL is printed above")
            return 0
        case .failed(let program, let status):
            throw .openFailed("\(program) could not open \(url) (exit \(status)): open it yourself")
        }
    }

    /// The pages come from the bundled metadata, so a venue the feed lacks (closed for the term) still has its page.
    private static func page(_ query: String, venues: [Venue]) throws(CLIError) -> String {
        if query.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int(query), !venues.contains(where: { $0.id == id }),
           let url = VenueInfo.bundled[id]?.pageURL {
            return url
        }
        let venue = try answering(try VenueArgument.resolve(query, in: venues))
        guard let url = VenueInfo.bundled[venue.id]?.pageURL else { throw .noPage(venue: venue.name) }
        return url
    }
}
