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
        campus = Campus(feed: copy.feed, zone: try StatusReport.zone(options.tz))
    }

    /// Prints the status if its text changed (the printer skips a repeat); returns how
    /// long to sleep before the next step. `failure` is why venued is not followed; nil
    /// with `--data`.
    func step(_ printer: inout WatchPrinter, unreachable failure: DaemonFailure?, retryAfter: Double) throws(CLIError) -> Double {
        let now = WallClock().now()
        let age = failure.map { DataAge.fallback(copy, unreachable: $0, now: now) } ?? DataAge()
        let report = try StatusReport(options: options, campus: campus, source: copy.source, now: now,
                                      favorites: try Favorites.load(for: options), dataAge: age)
        printer.print(report)
        let wake = Redraw.next(after: report, campus: campus, presentation: printer.presentation)
        return min(wake.map { Double($0 - now) } ?? 3600, retryAfter, 3600)
    }

    /// Sleeps through signals' interruptions (SIGWINCH from a resized terminal).
    static func sleep(_ seconds: Double) {
        // `step` returns at most an hour; the clamp keeps a wrong value from trapping.
        let seconds = seconds.isFinite ? min(max(seconds, 0), 3600) : 3600
        var request = timespec(tv_sec: Int(seconds.rounded(.down)), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
