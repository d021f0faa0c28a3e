import DiningHours
import VenueReports

/// VENUE is resolved against the menus' venues and the data's, so a venue without menus is an answer, not unknown.
enum MenuCommand {
    struct Options: HasMenuSource {
        var common = CommonOptions()
        var source = MenuSource()
        var venue: [String] = []
        var meal: String?
        var all = false
        var diets: [String] = [], allergens: [String] = []
    }

    static let table = FlagTable<Options>(helpCommand: "venuectl menu --help", flags: [
        .init(name: "--meal", value: "NAME", help: "the meal of that name (Breakfast, Lunch, Dinner, ...) on the date, or the one it begins") { o, v in o.meal = v },
        .date,
        .init(name: "--all", value: nil, help: "every meal of the date") { o, _ in o.all = true },
        .init(name: "--diet", value: "D[,D]", help: "only dishes labelled so (vegan, vegetarian, halal, ...; vegan counts as vegetarian)") { o, v in
            o.diets += v.split(separator: ",").map(String.init)
        },
        .init(name: "--without", value: "A[,A]", help: "leave out dishes that contain these (gluten, milk, peanut, ...) and those without allergen data") { o, v in
            o.allergens += v.split(separator: ",").map(String.init)
        }, .json, .menus, .at, .tz, .data, .help])

    static let helpText = """
        usage: venuectl menu VENUE [options]

        What VENUE serves: the meal being served now, else the next one, its stations and
        dishes, each with short tags (vegan · contains gluten, soy). --date picks a date
        (its first meal, or the current or next one today), --meal one meal of it, --all
        every meal. VENUE is an id, a name, or a part of one that names a single venue.
        Menus come from venued, or from --menus: a body of Penn's
        /api/dining/menus/YYYY-MM-DD/, or a folder of YYYY-MM-DD.json files.

        options:
        \(table.helpLines)

        The labels are the caterer's, not a guarantee: ask the staff when an allergy
        matters. A dish without allergen data is unknown, never free of an allergen:
        --without leaves it out and says so. A filter name the menus never use is an error
        that lists the names they do. See docs/MENUS.md.

        exit codes: 0 printed (no menu is an answer), 2 usage or ambiguous venue, 3 unknown venue,
        4 unreadable menus, 5 invalid menus, 6 venued cannot be reached (without --menus), 74 the answer could not be written
        """

    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        guard let options = try table.options(arguments, help: helpText, operand: { o, word in o.venue.append(word) }) else { return 0 }
        let query = try answering(try VenueArgument.query(options.venue, command: "menu"))
        let zone = try options.common.zone()
        let at = try options.common.instant(in: zone, now: context.now)
        let today = zone.localDate(of: at)
        let date = try options.source.date(today: today) ?? ((options.meal != nil || options.all) ? today : nil)
        let copy = try options.source.load(dates: date.map { $0...$0 } ?? MenuSource.window(around: today), zone: zone, context: context)
        let known = try LocalFeed.load(options.common.data, environment: context.environment).copy.feed.venues
        let fromMenus = copy.book.venues.filter { menu in !known.contains { $0.id == menu.id } }.map { Venue(id: $0.id, name: $0.name, days: []) }
        let venue = try answering(try VenueArgument.resolve(query, in: known + fromMenus))
        let filter: MenuFilter
        do { filter = try MenuFilter(diets: options.diets, allergens: options.allergens, in: copy.book) } catch {
            throw .usage("\(error)")
        }
        let report: MenuReport
        do {
            report = try MenuReport(book: copy.book, venueID: venue.id, venueName: venue.name, at: at, zone: zone,
                                    selection: date.map { .date($0, meal: options.meal, all: options.all) } ?? .currentOrNext, filter: filter)
        } catch { throw .usage(mealMismatch(error, venue: venue.name, on: date.map(ClockText.day) ?? "that date")) }
        try Venuectl.write(options.common.json ? MenuJSON.render(report) : MenuText(
            report: report, userZone: ZoneDatabase.userZoneName(environment: context.environment)).render())
        if let skipped = copy.skipped { Venuectl.writeError("venuectl: " + skipped) }
        return 0
    }

    private static func mealMismatch(_ mismatch: MealName.Mismatch, venue: String, on day: String) -> String {
        switch mismatch {
        case .unknown(let name, let known):
            return "no meal '\(name)' at \(venue) on \(day): its meals are \(known.joined(separator: ", "))"
        case .ambiguous(let name, let matches):
            let listed = matches.dropLast().joined(separator: ", ") + " and " + (matches.last ?? "")
            return "--meal '\(name)' matches \(listed) on \(day): say which"
        }
    }
}
