import DiningHours
import VenueReports

/// `venuectl favorites`: venues are stored as ids, dishes as written (menus change every day).
enum FavoritesCommand {
    struct Options: HasHelp {
        var words: [String] = [], dishes: [String] = []
        var help = false
    }

    static let actions = ["add", "remove", "toggle", "list"]

    static let table = FlagTable<Options>(helpCommand: "venuectl favorites --help", flags: [
        .init(name: "--dish", value: "NAME", help: "a dish to follow (add), or to stop following (remove); may be repeated") { o, value in
            o.dishes.append(value)
        }, .help(\.help)])

    static let helpText = """
        usage: venuectl favorites add VENUE... | --dish NAME...
               venuectl favorites remove VENUE... | --dish NAME...
               venuectl favorites toggle VENUE... | --dish NAME...
               venuectl favorites list

        Your favorite venues, shown by 'venuectl status --favorites' (or by default with
        'filter = favorites' in venuectl.conf). Kept as venue ids, one a line, in
        $XDG_CONFIG_HOME/venued/favorites (~/.config/venued/favorites); venued reads the
        same file. VENUE is an id or a part of a name that fits one venue. 'toggle'
        adds a venue that is not a favorite and removes one that is: one command for a
        status bar's click (docs/integrations.md).

        --dish follows a dish by name ("chicken tikka masala"), kept in the same file.
        'venuectl watch --dishes', the prompt files and 'venuectl notify' then say when a
        meal that serves it starts within 30 minutes (--dish-lead MIN), once, never after
        it started. It is matched as 'search --dish' matches, without its typo tier
        (pizza follows "pepperoni pizza"). Up to \(FollowedDishes.limit) dishes.

        options:
        \(table.helpLines)

        exit codes: 0 done, 2 usage or a name that fits several venues, 3 unknown venue,
        4 the file cannot be read or written (or another writer held its lock for 2 s),
        74 the answer could not be written
        """

    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        guard let options = try table.options(arguments, help: helpText, operand: { o, word in o.words.append(word) }) else { return 0 }
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
            guard queries.isEmpty, options.dishes.isEmpty else { throw usage("favorites list takes no VENUE and no --dish") }
            // A reader needs no lock: the file is replaced by rename, so it is whole.
            let favorites = try answering(try Favorites.load(path))
            guard !favorites.ids.isEmpty || !favorites.dishes.isEmpty else {
                // Said on stderr: stdout stays the list, empty, for scripts that read it.
                Venuectl.writeError("venuectl: no favorites yet — add one with 'venuectl favorites add VENUE' (or --dish NAME)")
                return 0
            }
            let width = favorites.ids.map { String($0).count }.max() ?? 0
            return try Venuectl.done(favorites.ids.map { id in
                String(repeating: " ", count: width - String(id).count) + "\(id)  \(names[id] ?? "(not in the current data)")\n"
            }.joined() + favorites.dishes.map { "dish  \($0)\n" }.joined())
        case "add", "remove", "toggle":
            guard !queries.isEmpty || !options.dishes.isEmpty else { throw usage("favorites \(action) needs a VENUE or --dish NAME") }
            if action != "remove", let empty = options.dishes.first(where: { FollowedDishes([$0]).isEmpty }) {
                throw usage("--dish '\(UntrustedText.singleLine(empty))' names no dish: give its name, e.g. --dish 'chicken tikka masala'")
            }
            // Under the lock, so that concurrent changes all count; the data was loaded before, to keep the wait short.
            let said = try answering(try Favorites.update(path, names: names) { favorites throws(AnswerError) in
                var said: [String] = []
                for query in queries {
                    // `remove` and `toggle` also take the id of a favorite that the current data no longer lists.
                    let favorite = Int(query).flatMap { action != "add" && favorites.contains($0) ? $0 : nil }
                    let id = if let favorite { favorite } else { try VenueArgument.resolve(query, in: venues).id }
                    let named = "\(names[id] ?? "venue") (\(id))", toggle = action == "toggle"
                    if action == "add" || toggle && !favorites.contains(id) {
                        said.append(favorites.add(id) || toggle ? "added \(named)" : "\(named) is a favorite already")
                    } else {
                        said.append(favorites.remove(id) || toggle ? "removed \(named)" : "\(named) was not a favorite")
                    }
                }
                for dish in options.dishes { said.append(try change(&favorites, dish: dish, action)) }
                return said
            })
            return try Venuectl.done(said.joined(separator: "\n") + "\n")
        default: throw usage("unknown favorites action '\(action)': use add, remove, toggle or list")
        }
    }

    private static func change(_ favorites: inout Favorites, dish: String, _ action: String) throws(AnswerError) -> String {
        let named = "the dish '\(UntrustedText.singleLine(dish))'"
        switch (action, favorites.follows(dish)) {
        case ("add", true): return "\(named) is followed already"
        case ("remove", false): return "\(named) was not followed"
        case ("remove", true), ("toggle", true):
            favorites.unfollow(dish)
            return "stopped following \(named)"
        default:
            guard favorites.follow(dish) else {
                throw .usage("you follow \(FollowedDishes.limit) dishes, the most: remove one with 'venuectl favorites remove --dish NAME'",
                             help: "venuectl favorites --help")
            }
            return "following \(named)"
        }
    }

    private static func usage(_ message: String) -> CLIError { .usage(message, help: "venuectl favorites --help") }
}
