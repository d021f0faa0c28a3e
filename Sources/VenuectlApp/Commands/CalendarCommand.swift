import DiningHours
import Glibc
import VenueReports
import VenuedSystem

enum CalendarCommand {
    struct Options: HasMenuSource {
        var common = CommonOptions()
        var source = MenuSource()
        var venues: [String] = []
        var days = 7
        var favorites = false
        var output: String?
    }

    static let table = FlagTable<Options>(helpCommand: "venuectl calendar --help", flags: [
        .init(name: "--days", value: "N", help: "how many days from today, 1 to \(CalendarReport.maximumDays) (default 7)") { o, value throws(AnswerError) in
            guard let days = Int(value), (1...CalendarReport.maximumDays).contains(days) else {
                throw .usage("--days takes a whole number from 1 to \(CalendarReport.maximumDays), not '\(value)'")
            }
            o.days = days
        },
        .init(name: "--favorites", value: nil, help: "the venues of your favorites ('venuectl favorites')") { o, _ in o.favorites = true },
        .init(name: "--output", value: "FILE", help: "write the calendar to FILE (a file is replaced atomically; a FIFO or terminal is written into) instead of stdout", short: "-o") { o, value throws(AnswerError) in
            guard !value.isEmpty else { throw .usage("--output needs a file name") }
            o.output = value
        }, .menus, .at, .tz, .data, .noEstimate, .help])

    static let helpText = """
        usage: venuectl calendar [VENUE...|--favorites] [options]

        The venues' meal services from today as an iCalendar (RFC 5545) file, for a
        calendar app to import: an event per meal of each venue and day ("1920 Commons:
        Lunch"), with its address and page, in the venue time zone. Days projected from
        the data's week are marked "(estimated)" and tentative; --no-estimate leaves them
        out. Closed days and days no data speaks for have no events (stderr says which).
        Importing the file again updates its events instead of adding copies.
        With --menus, each meal's event lists its stations and dishes (the labels are the
        caterer's, not a guarantee; docs/MENUS.md).
        VENUE (an id or part of a name; several may be given) keeps only those venues.

        options:
        \(table.helpLines)

        The data is --data, else venued's cached copy, else the bundled data.

        exit codes: 0 written, 2 usage, 3 unknown venue, 4 unreadable data or FILE not writable,
        5 invalid data, 10 FILE is neither a file nor a stream (a directory, a socket),
        74 the calendar could not be written to stdout
        """

    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        guard let options = try table.options(arguments, help: helpText, operand: { o, word in o.venues.append(word) }) else { return 0 }
        guard !(options.favorites && !options.venues.isEmpty) else {
            throw .usage("calendar takes VENUE arguments or --favorites, not both")
        }
        let zone = try options.common.zone()
        let today = zone.localDate(of: try options.common.instant(in: zone, now: context.now))
        let local = try LocalFeed.served(options.common.data, context: context)
        let venues = local.copy.feed.venues
        let chosen = options.favorites
            ? try favoriteIDs(context) : try answering(try StatusReport.select(options.venues, from: venues))
        let menus = try options.source.menus.map { _ throws(CLIError) in
            try options.source.load(dates: today...today.adding(days: options.days - 1), zone: zone, context: context)
        }
        let report = CalendarReport(venues: venues.filter { chosen.contains($0.id) }, zone: zone, from: today, days: options.days,
                                    estimate: options.common.estimate, stamp: context.now, source: local.copy.source,
                                    menus: menus?.book ?? MenuBook([]))
        let document = report.render()
        if let path = options.output {
            try OutputTarget(path).write(Array(document.utf8))
            try Venuectl.write(written(report, to: path) + "\n")
        } else { try Venuectl.writeDocument(document) }
        local.writeNotes(zone: zone)
        if let skipped = menus?.skipped { Venuectl.writeError("venuectl: " + skipped) }
        for note in unknown(report) { Venuectl.writeError("venuectl: note: " + note) }
        return 0
    }

    /// No favorites is an error rather than an empty calendar, which written over a file would lose what it held.
    private static func favoriteIDs(_ context: Context) throws(CLIError) -> Set<Int> {
        guard let path = Favorites.path(environment: context.environment) else {
            throw .usage("--favorites: neither XDG_CONFIG_HOME nor HOME is set, so there is no favorites file")
        }
        let favorites = try answering(try Favorites.load(path))
        guard !favorites.ids.isEmpty else {
            throw .usage("--favorites: you have no favorites yet: add some with 'venuectl favorites add VENUE', or name the venues")
        }
        return Set(favorites.ids)
    }

    private static func written(_ report: CalendarReport, to path: String) -> String {
        let venues = Set(report.events.map(\.venue.id)).count
        let estimated = report.events.filter(\.estimated).count
        var parts = ["\(venues) venue" + (venues == 1 ? "" : "s"), "\(report.first) to \(report.first.adding(days: report.days - 1))"]
        if estimated > 0 { parts.append("\(estimated) estimated") }
        return "wrote \(report.events.count) event" + (report.events.count == 1 ? "" : "s") + " (\(parts.joined(separator: ", "))) to \(path)"
    }

    /// A calendar cannot tell an unknown day from a closed one: one line per run of dates and reason names them.
    private static func unknown(_ report: CalendarReport) -> [String] {
        var groups: [(dates: [LocalDate], reason: UnknownReason, venues: [String])] = []
        for entry in report.unknownDays {
            if let index = groups.firstIndex(where: { $0.dates == entry.dates && $0.reason == entry.reason }) {
                groups[index].venues.append(entry.venue.name)
            } else { groups.append((entry.dates, entry.reason, [entry.venue.name])) }
        }
        let shown = report.venueCount
        return (report.cut ? [CalendarRange.cutNote] : []) + groups.map { group in
            let dates = group.dates.count == 1 ? "\(group.dates[0])" : "\(group.dates[0]) to \(group.dates[group.dates.count - 1])"
            let names = group.venues.count == shown && shown > 1 ? "any venue"
                : group.venues.count <= 3 ? group.venues.joined(separator: ", ")
                : group.venues.prefix(3).joined(separator: ", ") + " and \(group.venues.count - 3) more"
            return "no events on \(dates) for \(names): \(group.reason.detail(on: group.dates[0]))"
        }
    }
}

/// `calendar -o PATH`: a file is replaced atomically, a FIFO or device written into (not taken from its reader).
enum OutputTarget {
    case replace(String), stream(String)

    init(_ path: String) throws(CLIError) {
        var info = stat()
        let found = stat(path, &info) == 0
        guard found || errno == ENOENT else { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
        // Nothing there, or a link to nothing, is a new file, where the link points if it is one.
        switch found ? info.st_mode & S_IFMT : S_IFREG {
        case S_IFREG: self = .replace(Self.resolved(path) ?? path)
        case S_IFIFO, S_IFCHR: self = .stream(path)
        case S_IFDIR: throw .notAnOutput(path: path, kind: "a directory")
        case S_IFSOCK: throw .notAnOutput(path: path, kind: "a socket")
        case S_IFBLK: throw .notAnOutput(path: path, kind: "a block device")
        default: throw .notAnOutput(path: path, kind: "not a file")
        }
    }

    func write(_ bytes: [UInt8]) throws(CLIError) {
        switch self {
        case .replace(let path):
            do { try AtomicFile.write(bytes, to: path, mode: 0o644) } catch { throw .unwritable(path: error.path, reason: error.reason) }
        case .stream(let path):
            let fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
            defer { if fd >= 0 { close(fd) } }
            guard fd >= 0, bytes.withUnsafeBytes({ Syscall.writeAll(fd, $0, waitingWhenFull: true) }) else {
                throw .unwritable(path: path, reason: String(cString: strerror(errno)))
            }
        }
    }

    /// Where a link at `path` ends, so the link stays a link; nil for no link.
    private static func resolved(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        if realpath(path, &target) != nil {
            return String(decoding: target.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        // A link to a file not made yet: its target, read once, relative to the link's directory.
        let count = readlink(path, &target, target.count - 1)
        guard count > 0 else { return nil }
        let name = String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.hasPrefix("/") ? name : AtomicFile.directory(of: path) + "/" + name
    }
}
