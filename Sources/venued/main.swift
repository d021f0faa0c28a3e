import BundledFeed
import CLinuxEvents
import DiningHours
import Glibc
import VenueReports
import VenuedProtocol
import VenuedSystem

// Signals are blocked before any thread starts so every thread inherits the mask.
if CommandLine.arguments.count > 1 && CommandLine.arguments[1] == FetchProcess.flag { FetchProcess.runChild() }
signal(SIGPIPE, SIG_IGN)
ConnectionServer.signals.block()
// Before any thread starts: see venued_limit_malloc_arenas.
_ = venued_limit_malloc_arenas(2)
let environment = ProcessEnvironment.current()

func fail(_ error: DaemonError) -> Never {
    say(error)
    exit(error.exitCode)
}

func say(_ error: DaemonError) {
    // The message may quote a config line or a path: one clean line, as the log's are.
    let line = "venued: \(UntrustedText.singleLine(error.message))\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}

do throws(DaemonError) {
    switch try Invocation.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help: print(Invocation.helpText)
    case .version: print("venued \(Release.version)")
    case .check(let path):
        // The feed is decoded the way a fetch is judged, before venued is pointed at it.
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
        let zone: ZoneRules
        do { zone = try ZoneDatabase.system.rules("America/New_York") } catch {
            throw DaemonError.environment("\(error)")
        }
        let coverage = Campus(feed: feed, zone: zone).coverage.map { "\($0.first) to \($0.last)" } ?? "none"
        print("\(feed.venues.count) venues, \(feed.warningCount) warnings, dates \(coverage)")
        for warning in feed.warnings { print("warning: \(warning)") }
        if feed.warningCount > feed.warnings.count {
            print("warning: \(feed.warningCount - feed.warnings.count) more warnings not shown")
        }
        // Bad prompt lines too, which a start only logs: a prompt showing `venued: bad prompt config` needs a why.
        let loader = ConfigLoader(environment: environment, uid: getuid(), overrides: [])
        let config = try loader.read()
        let file = loader.path ?? "(no XDG_CONFIG_HOME or HOME: no config file)"
        let good = config.prompts.filter { $0.problem == nil }.map(\.name)
        let files = PromptFiles.directory(socketPath: config.socketPath, owned: config.socketDirectoryIsOwned)
        print(good.isEmpty ? "config \(file): no prompt files"
              : "config \(file): prompt files \(good.joined(separator: ", ")) in \(files)")
        // Every bad prompt line is named; the last one ends the check, with its exit code.
        let problems = config.prompts.compactMap(\.problem).map { "bad prompt config: \($0)" }
        for problem in problems.dropLast() { say(.config(problem)) }
        if let last = problems.last { fail(.config(last)) }
    case .run(let overrides):
        try Daemon(loader: ConfigLoader(environment: environment, uid: getuid(), overrides: overrides), environment: environment).run()
    }
} catch { fail(error) }
