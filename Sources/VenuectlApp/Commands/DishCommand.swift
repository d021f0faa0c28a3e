import DiningHours
import VenueReports
import VenuectlGrammar

/// `venuectl search --dish TEXT`: finding nothing is exit 1 with nothing on stdout, as `grep` does.
enum DishCommand {
    static func run(dish: String, options: SearchCommand.Options, context: Context) throws(CLIError) -> Int32 {
        guard options.words.isEmpty else {
            throw .usage("search takes a QUERY for venues or --dish TEXT for dishes, not both")
        }
        guard dish.contains(where: { $0.isLetter || $0.isNumber }) else {
            throw .usage("--dish needs part of a dish's name, e.g. 'venuectl search --dish pizza'")
        }
        let zone = try options.common.zone()
        let at = try options.common.instant(in: zone, now: context.now)
        let date = try options.source.date(today: zone.localDate(of: at))
        let copy = try options.source.load(dates: date.map { $0...$0 } ?? MenuSource.window(around: zone.localDate(of: at)), zone: zone, context: context)
        let menus = copy.book.menus.filter { menu in date.map { menu.date == $0 } ?? (at < menu.end) }
        let report = DishReport(query: dish, at: at, zone: zone, hits: DishSearch(dish).hits(in: menus))
        if options.common.json {
            try Venuectl.write(report.json())
        } else if report.hits.isEmpty {
            Venuectl.writeError("venuectl: no dish matches '\(dish)' " + (date.map { "on \(ClockText.day($0))" } ?? "from now on") + " in \(copy.path)")
        } else {
            try Venuectl.write(report.text())
        }
        if let skipped = copy.skipped { Venuectl.writeError("venuectl: " + skipped) }
        return report.hits.isEmpty ? 1 : 0
    }
}
