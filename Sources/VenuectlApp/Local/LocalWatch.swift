import DiningHours
import Glibc
import VenueReports
import VenuedSystem

/// `watch` without venued: the status from the local copy (or `--data`), printed when
/// its text changes, sleeping until the next instant it could (`Redraw`) or the next
/// try to reach venued.
struct LocalWatch {
    let options: StatusOptions
    let source: FeedSource
    /// Built once: the data does not change while venued is away.
    let campus: Campus

    init(options: StatusOptions, context: Context) throws(CLIError) {
        self.options = options
        let feed = try LocalFeed.load(options.data, environment: context.environment).copy
        source = feed.source
        campus = Campus(feed: feed.feed, zone: try StatusReport.zone(options.tz))
    }

    /// Prints the status if its text changed (the printer skips a repeat); returns the
    /// wall-clock instant (seconds since the epoch) of the next step: when the text can
    /// next change, or when to try venued again, whichever is sooner.
    func step(_ printer: inout WatchPrinter, retryAfter: Double) throws(CLIError) -> Double {
        let clock = WallClock()
        let now = clock.now()
        let report = try StatusReport(options: options, campus: campus, source: source, now: now, favorites: try Favorites.load(for: options))
        try printer.print(report)
        let wake = Redraw.next(after: report, campus: campus, presentation: printer.presentation).map { Double($0.secondsSinceEpoch) } ?? .infinity
        return min(wake, clock.preciseNow() + retryAfter)
    }
}
