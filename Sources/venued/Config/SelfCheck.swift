import BundledFeed
import DiningHours
import Glibc
import VenueReports
import VenuedSystem

/// `venued --check [FILE]`: the feed judged as a fetch would be, and the config as a start
/// would read it, before venued is pointed at either. Kept out of main.swift's top-level
/// code, which Swift 6 isolates to the main actor: closures formed there link Swift
/// Concurrency (and with it libdispatch) into a binary that otherwise uses neither.
enum SelfCheck {
    /// Prints the report and returns the bad prompt lines; the caller names them and exits on the last.
    static func run(feedPath path: String?, loader: ConfigLoader) throws(DaemonError) -> [String] {
        var bytes = BundledFeed.bytes
        if let path {
            do { bytes = try BoundedFile.read(path, limit: BoundedFile.feedLimit, streams: true) } catch {
                throw DaemonError.unreadable("\(error)")
            }
        }
        let name = path ?? "the bundled feed"
        let feed: Feed
        do { feed = try FeedDecoder.decode(bytes) } catch {
            throw DaemonError.invalidFeed("\(name) is not usable venue data: \(error)")
        }
        guard !feed.venues.isEmpty else {
            throw DaemonError.invalidFeed("\(name) has no venues: a fetch like it would be refused")
        }
        // The dates are those the daemon would cover: in the zone its config names.
        let config = try loader.read()
        let zone: ZoneRules
        do { zone = try ZoneDatabase.system.rules(config.timeZone) } catch {
            throw DaemonError.environment("\(error)")
        }
        let coverage = Campus(feed: feed, zone: zone).coverage.map { "\($0.first) to \($0.last)" } ?? "none"
        print("\(feed.venues.count) venues, \(feed.warningCount) warnings, dates \(coverage)")
        for warning in feed.warnings { print("warning: \(warning)") }
        if feed.warningCount > feed.warnings.count {
            print("warning: \(feed.warningCount - feed.warnings.count) more warnings not shown")
        }
        // Bad prompt lines too, which a start only logs: a prompt showing `venued: bad prompt config` needs a why.
        let file = loader.path ?? "(no XDG_CONFIG_HOME or HOME: no config file)"
        let good = config.prompts.filter { $0.problem == nil }.map(\.name)
        let files = PromptFiles.directory(socketPath: config.socketPath, owned: config.socketDirectoryIsOwned)
        print(good.isEmpty ? "config \(file): no prompt files"
              : "config \(file): prompt files \(good.joined(separator: ", ")) in \(files)")
        return config.prompts.compactMap(\.problem).map { "bad prompt config: \($0)" }
    }
}
