import DiningHours
import Glibc

/// `watch` without venued: the status from the local copy (or `--data`), printed when
/// the venues' states change, sleeping until the next instant one could: an opening, a
/// closing, the start of a closing-soon window, or the next try to reach venued.
struct LocalWatch {
    let options: StatusOptions
    let source: FeedSource
    /// Built once: the data does not change while venued is away.
    let campus: Campus
    private var lastState: String?

    init(options: StatusOptions, context: Context) throws(CLIError) {
        self.options = options
        let feed = try options.data == nil ? LocalCopy.load(environment: context.environment).feed : FeedFile.load(path: options.data)
        source = feed.source
        campus = Campus(feed: feed.feed, zone: try StatusReport.zone(options.tz))
    }

    /// Prints the status if it changed; returns how long to sleep before the next step.
    mutating func step(_ printer: inout WatchPrinter, retryAfter: Double) throws(CLIError) -> Double {
        let now = SystemClock.now()
        let report = try StatusReport(options: options, campus: campus, source: source, now: now, favorites: try Favorites.load(for: options))
        // The venues member alone: "at" moves with every step, the states do not.
        let state = StatusJSON.members(report).first { $0.0 == "venues" }?.1
        if state != lastState {
            lastState = state
            printer.print(report)
        }
        let soon = options.soonMinutes * 60
        let wake = campus.transitions(after: now, through: now + Timetable.lookahead, estimate: options.estimate)
            .flatMap { $0.kind == .closes ? [$0.at - soon, $0.at] : [$0.at] }
            .filter { $0 > now }
            .min()
        return min(wake.map { Double($0.secondsSinceEpoch - now.secondsSinceEpoch) } ?? 3600, retryAfter, 3600)
    }

    /// Sleeps through signals' interruptions (SIGWINCH from a resized terminal).
    static func sleep(_ seconds: Double) {
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
