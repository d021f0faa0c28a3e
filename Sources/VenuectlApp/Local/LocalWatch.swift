import DiningHours
import Glibc
import VenueReports
import VenuedSystem

/// `watch` without venued: the status from the local copy (or `--data`), printed when
/// its text changes, sleeping until the next instant it could (`Redraw`) or the next
/// try to reach venued.
struct LocalWatch {
    let options: StatusOptions
    let copy: FeedCopy
    /// Built once: the data does not change while venued is away.
    let campus: Campus

    init(options: StatusOptions, context: Context) throws(CLIError) {
        self.options = options
        copy = try LocalFeed.load(options.data, environment: context.environment).copy
        campus = Campus(feed: copy.feed, zone: try answering(try StatusReport.zone(options.tz)))
    }

    /// Returns the next step's wall-clock instant (seconds since the epoch): when the text can next change, or when to
    /// try venued again, whichever is sooner. `failure` is nil with `--data`.
    func step(_ printer: inout WatchPrinter, unreachable failure: DaemonFailure?, retryAfter: Double) throws(CLIError) -> Double {
        let clock = WallClock()
        let now = clock.now()
        let age = failure.map { DataAge.fallback(copy, unreachableHint: $0.hint, now: now) } ?? DataAge()
        let report = try answering(try StatusReport(options: options, campus: campus, source: copy.source, now: now,
                                      favorites: try Favorites.load(for: options), dataAge: age))
        try printer.print(report)
        let wake = Redraw.next(after: report, campus: campus, presentation: printer.presentation).map { Double($0.secondsSinceEpoch) } ?? .infinity
        return min(wake, clock.preciseNow() + retryAfter)
    }
}
