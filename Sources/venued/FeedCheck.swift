import VenueReports
import BundledFeed
import DiningHours
import VenuedSystem

/// `venued --check [FILE]`: decode a feed the way a fetch is judged, before venued is pointed at it.
enum FeedCheck {
    static func run(path: String?) throws(DaemonError) -> String {
        var bytes = BundledFeed.bytes
        if let path {
            do { bytes = try BoundedFile.read(path, limit: BoundedFile.feedLimit, streams: true) } catch { throw .unreadable("\(error)") }
        }
        let name = path ?? "the bundled feed"
        let feed: Feed
        do { feed = try FeedDecoder.decode(bytes) } catch { throw .invalidFeed("\(name) is not usable venue data: \(error)") }
        guard !feed.venues.isEmpty else { throw .invalidFeed("\(name) has no venues: a fetch like it would be refused") }
        let zone: ZoneRules
        do { zone = try ZoneDatabase.system.rules("America/New_York") } catch { throw .environment("\(error)") }
        let coverage = Campus(feed: feed, zone: zone).coverage
        var lines = ["\(feed.venues.count) venues, \(feed.warningCount) warnings, dates \(coverage.map { "\($0.first) to \($0.last)" } ?? "none")"]
        lines += feed.warnings.map { "warning: \($0)" }
        if feed.warningCount > feed.warnings.count {
            lines.append("warning: \(feed.warningCount - feed.warnings.count) more warnings not shown")
        }
        return lines.joined(separator: "\n")
    }
}
