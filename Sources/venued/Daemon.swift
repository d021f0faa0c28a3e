import BundledFeed
import DiningHours
import Glibc
import VenueReports
import VenuedProtocol
import VenuedSystem

/// Start-up, then `ConnectionServer.run`, which owns everything from there on.
struct Daemon {
    let loader: ConfigLoader
    let environment: [String: String]

    func run() throws(DaemonError) -> Never {
        let config = try loader.load()
        do { _ = try ZoneDatabase.system.rules(config.timeZone) } catch {
            throw error.isEnvironment ? .environment("\(error)") : .config("\(error)")
        }
        let log = Log(environment: environment, level: config.logLevel)
        for problem in config.prompts.compactMap(\.problem) { log.warning("bad prompt config: \(problem)") }
        let clock = WallClock(offset: config.clockOffset)
        let inherited = try Listener.inherited(environment: environment)
        let listener: Listener
        if let inherited { listener = inherited } else {
            try RuntimeDirectory.prepare(socketPath: config.socketPath, owned: config.socketDirectoryIsOwned)
            listener = try Listener.bind(path: config.socketPath)
        }
        // Only now is this the one venued for this socket, so no other writer is at work.
        let cache = DiskCache(directory: config.cacheDirectory)
        let files = cache.files
        let stale = AtomicFile.removeTemporaries(of: files.feedPath) + AtomicFile.removeTemporaries(of: files.metaPath)
        if stale > 0 { log.info("removed \(stale) temporary files left in \(config.cacheDirectory) by an interrupted write") }
        let promptFiles = PromptFiles(socketPath: config.socketPath, socketDirectoryIsOwned: config.socketDirectoryIsOwned)
        let removed = promptFiles.prepare()
        if removed > 0 { log.info("removed \(removed) prompt files left in \(promptFiles.directory) by an earlier venued") }
        let snapshot = try initialSnapshot(config, cache: cache, log: log)
        let menus = initialMenus(config, now: clock.now(), log: log)
        let socket = inherited == nil ? config.socketPath : UnixAddress.boundPath(of: listener.fd) ?? "fd \(listener.fd)"
        let facts = RuntimeFacts(version: Release.version, pid: getpid(), startedAt: clock.now(), socket: socket,
                                 socketActivated: inherited != nil)
        log.info("venued \(facts.version) listening on \(socket)\(inherited == nil ? "" : " (socket activation)"), serving \(snapshot.held.source.rawValue) data")
        try ConnectionServer.run(ConnectionServer.Parts(
            listener: listener, loader: loader, snapshot: snapshot, menus: menus, facts: facts, clock: clock, promptFiles: promptFiles,
            notifier: Notifier(environment: environment), log: log, environment: environment))
    }

    private func initialMenus(_ config: Config, now: Instant, log: Log) -> MenuShelf {
        guard let zone = try? ZoneDatabase.system.rules(config.timeZone) else { return MenuShelf() }
        let (shelf, problems) = MenuCache(cacheDirectory: config.cacheDirectory).load(today: zone.localDate(of: now), zone: zone, now: now)
        for problem in problems { log.warning(problem) }
        if !shelf.days.isEmpty { log.info("read the menus of \(shelf.days.count) dates from the cache") }
        return shelf
    }

    private func initialSnapshot(_ config: Config, cache: DiskCache, log: Log) throws(DaemonError) -> Snapshot {
        let (cached, problem) = cache.load()
        if let problem { log.warning(problem) }
        if let cached {
            return Snapshot(held: FeedCopy(feed: cached.feed, source: .cache, fetchedAt: cached.meta?.fetchedAt), bytes: cached.bytes,
                            config: config, meta: cached.meta)
        }
        do {
            return Snapshot(held: FeedCopy(feed: try FeedDecoder.decode(BundledFeed.bytes), source: .bundled, fetchedAt: nil),
                            bytes: BundledFeed.bytes, config: config)
        } catch { throw .environment("the bundled feed does not decode (\(error)): this build is broken") }
    }
}
