import DiningHours
import VenueReports
import VenuectlGrammar

/// `venuectl favorites add|remove|toggle|list`: the set `status --favorites` shows. Names are
/// resolved against venued's cached copy (else the bundled data) without asking the
/// daemon, and stored as ids; a name that fits several venues must be narrowed.
enum FavoritesCommand {
    struct Options: Sendable {
        var words: [String] = []
        var help = false
    }

    static let actions = ["add", "remove", "toggle", "list"]

    static let table = FlagTable<Options>(helpCommand: "venuectl favorites --help", flags: [
        .help(\.help),
    ])

    static let helpText = """
        usage: venuectl favorites add VENUE...
               venuectl favorites remove VENUE...
               venuectl favorites toggle VENUE...
               venuectl favorites list

        Your favorite venues, shown by 'venuectl status --favorites' (or by default with
        'filter = favorites' in venuectl.conf). Kept as venue ids, one a line, in
        $XDG_CONFIG_HOME/venued/favorites (~/.config/venued/favorites); venued reads the
        same file. VENUE is an id or a part of a name that fits one venue. 'toggle'
        adds a venue that is not a favorite and removes one that is: one command for a
        status bar's click (docs/integrations.md).

        options:
        \(table.helpLines)

        exit codes: 0 done, 2 usage or a name that fits several venues, 3 unknown venue,
        4 the file cannot be read or written (or another writer held its lock for 2 s),
        74 the answer could not be written
        """

    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        var options = Options()
        try answering(try table.parse(arguments, into: &options) { options, word in options.words.append(word) })
        if options.help {
            try Venuectl.write(helpText + "\n")
            return 0
        }
        guard let action = options.words.first else { throw usage("favorites needs add, remove, toggle or list") }
        let queries = Array(options.words.dropFirst())
        guard let path = Favorites.path(environment: context.environment) else {
            throw usage("neither XDG_CONFIG_HOME nor HOME is set, so there is no favorites file")
        }
        // The names venued serves (the local copy when it cannot answer: a name is only a comment here).
        let venues = try LocalFeed.served(nil, context: context).copy.feed.venues
        let names = Dictionary(venues.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        switch action {
        case "list":
            guard queries.isEmpty else { throw usage("favorites list takes no VENUE") }
            // A reader needs no lock: the file is replaced by rename, so it is whole.
            let favorites = try answering(try Favorites.load(path))
            guard !favorites.ids.isEmpty else {
                // Said on stderr: stdout stays the list, empty, for scripts that read it.
                Venuectl.writeError("venuectl: no favorites yet — add one with 'venuectl favorites add VENUE'")
                return 0
            }
            // Ids right-aligned in their column, so the names line up (593 and 1442).
            let width = favorites.ids.map { String($0).count }.max() ?? 0
            try Venuectl.write(favorites.ids.map { id in
                String(repeating: " ", count: width - String(id).count) + "\(id)  \(names[id] ?? "(not in the current data)")\n"
            }.joined())
            return 0
        case "add", "remove", "toggle":
            guard !queries.isEmpty else { throw usage("favorites \(action) needs a VENUE") }
            // Read, change and write under the lock, so that concurrent changes all count;
            // the data was loaded before it, to keep the time others wait short.
            let said = try answering(try Favorites.update(path, names: names) { favorites throws(AnswerError) in
                var said: [String] = []
                for query in queries {
                    let id = try resolve(query, in: venues, orFavorite: action == "add" ? nil : favorites)
                    let named = "\(names[id] ?? "venue") (\(id))"
                    if action == "toggle" {
                        let removed = favorites.remove(id)
                        if !removed { favorites.add(id) }
                        said.append((removed ? "removed " : "added ") + named)
                    } else if action == "add" {
                        said.append(favorites.add(id) ? "added \(named)" : "\(named) is a favorite already")
                    } else {
                        said.append(favorites.remove(id) ? "removed \(named)" : "\(named) was not a favorite")
                    }
                }
                return said
            })
            try Venuectl.write(said.joined(separator: "\n") + "\n")
            return 0
        default:
            throw usage("unknown favorites action '\(action)': use add, remove, toggle or list")
        }
    }

    /// The one venue `query` names. `remove` and `toggle` also take the id of a favorite
    /// that the current data no longer lists.
    private static func resolve(_ query: String, in venues: [Venue], orFavorite favorites: Favorites?) throws(AnswerError) -> Int {
        if let id = Int(query), favorites?.contains(id) == true { return id }
        return try VenueArgument.resolve(query, in: venues).id
    }

    private static func usage(_ message: String) -> CLIError { .usage(message, help: "venuectl favorites --help") }
}
