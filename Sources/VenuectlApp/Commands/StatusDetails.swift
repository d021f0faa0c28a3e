import DiningHours
import VenueReports

/// `venuectl status --details` (docs/MENUS.md): the status with the stations of each open venue's meal, computed
/// from the feed venued serves (its status answer carries no menus); menus that cannot be had cost only the stations.
enum StatusDetails {
    struct Request: Sendable {
        var wanted = false
        var menus: String?
    }

    static let flags: [FlagTable<StatusCommand.Options>.Flag] = [
        .init(name: "--details", value: nil, help: "under each open venue, the stations of the meal it serves (plain and json)") { o, _ in
            o.details.wanted = true
        },
        .init(name: "--menus", value: "FILE|DIR", help: "with --details: read menus from this file, or from DIR/YYYY-MM-DD.json") { o, v in
            o.details.menus = v
        },
    ]

    static func answer(_ options: StatusOptions, _ request: Request, _ context: Context) throws(CLIError) -> Int32 {
        guard request.wanted else { throw .usage("--menus goes with --details: status reads menus only to name stations") }
        guard options.format == .plain || options.format == .json else {
            throw .usage("--details goes with plain text or --json, not --format \(options.format.name)")
        }
        let presentation = context.presentation(options.format)
        let local = try LocalFeed.served(options.data, socket: options.socket, context: context)
        var report = try answering(try StatusReport(options: options, feed: local.copy, now: context.now,
                                                    favorites: try Favorites.load(for: options), dataAge: local.age(now: context.now)))
        let (book, notes) = try menus(for: report, request.menus, ahead: options.dishes, unreachable: local.unreachable,
                                      socket: options.socket, context: context)
        if let book {
            report.stations = MealStations.of(report, in: book)
            // venued answers --dishes from the menus it holds; this path holds its own.
            if options.dishes {
                report.follow(FollowedDishes(options.followedDishes ?? [], leadMinutes: options.dishLeadMinutes), in: DishIndex(book))
            }
        }
        try Venuectl.write(presentation.render(report))
        StatusCommand.writeNotes(of: local, after: report, in: presentation)
        for note in notes { Venuectl.writeError("venuectl: " + note) }
        return 0
    }

    /// The menus of the report's date and the day before (a meal past midnight), with `ahead` the day after, and the
    /// notes owed after the answer. An unreadable `--menus` stops the command, as in `menu`.
    private static func menus(for report: StatusReport, _ path: String?, ahead: Bool, unreachable: DaemonFailure?, socket: String?,
                              context: Context) throws(CLIError) -> (MenuBook?, notes: [String]) {
        let today = report.zone.localDate(of: report.at)
        let served = today.adding(days: -1)...today
        let dates = served.lowerBound...today.adding(days: ahead ? 1 : 0)
        let copy: MenuCopy
        if let path {
            copy = try answering(try MenuCopy.load(path, dates: dates, zone: report.zone))
        } else if let unreachable {
            // venued did not answer for the feed: asking again would only wait as long.
            return (nil, ["stations unknown: \(unreachable.reason); menus come from venued, or from --menus FILE|DIR"])
        } else {
            do { copy = try ServedMenus.load(dates: dates, zone: report.zone, socket: socket, context: context) } catch {
                return (nil, ["stations unknown: \(error)"])
            }
        }
        var notes = copy.skipped.map { [$0] } ?? []
        if !copy.book.menus.contains(where: { served.contains($0.date) }) {
            notes.append("no stations: no menus for \(ClockText.day(today)) in \(copy.path)")
        }
        return (copy.book, notes)
    }
}
