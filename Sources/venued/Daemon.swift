import BundledFeed
import DiningHours
import Glibc
import VenueReports
import VenuedProtocol
import VenuedSystem

/// Wires the parts together and runs until SIGTERM/SIGINT: first data (cache, else
/// bundled), the socket, READY=1, then the refresh schedule in the background.
struct Daemon {
    let loader: ConfigLoader
    let environment: [String: String]

    func run() throws(DaemonError) -> Never {
        let config = try loader.load()
        do { _ = try ZoneDatabase.system.rules(config.timeZone) } catch {
            throw error.isEnvironment ? .environment("\(error)") : .config("\(error)")
        }
        let log = Log(environment: environment, level: config.logLevel)
        Self.logPromptProblems(config, log: log)
        let clock = WallClock(offset: config.clockOffset)
        let notifier = Notifier(environment: environment)
        let settings = LiveConfig(config)
        guard let handoff = Handoff() else { throw .socket("cannot start the worker threads: \(String(cString: strerror(errno)))") }
        let store = FeedStore(held: try initialFeed(config, log: log)) { handoff.dataChanged() }
        let refresher = FeedRefresher(store: store, settings: settings, clock: clock, log: log,
                                      random: { Double.random(in: 0..<1) },
                                      onReport: { _ in
                                          notifier.send([Self.statusLine(store, settings, clock)])
                                          // The data's age may read differently now, even when the venues did not change.
                                          handoff.refreshEnded()
                                      })
        guard let refreshLoop = RefreshLoop(refresher: refresher, store: store, clock: clock) else {
            throw .socket("cannot set up the refresh timer: \(String(cString: strerror(errno)))")
        }
        let answer = StatusAnswer(prepared: Prepared(store: store, settings: settings), settings: settings,
                                  favoritesFile: Favorites.path(environment: environment))
        let subscriberCount = SubscriberCount()
        let watchdog = Watchdog(environment: environment, notifier: notifier, log: log)

        let inherited = try Listener.inherited(environment: environment)
        let listener: Listener
        if let inherited {
            listener = inherited
        } else {
            try RuntimeDirectory.prepare(socketPath: config.socketPath, owned: config.socketDirectoryIsOwned)
            listener = try Listener.bind(path: config.socketPath)
        }
        // Only now is this the one venued for this socket, so no other writer is at work.
        let stale = DiskCache(directory: config.cacheDirectory).removeTemporaries()
        if stale > 0 { log.info("removed \(stale) temporary files left in \(config.cacheDirectory) by an interrupted write") }
        let promptFiles = PromptFiles(socketPath: config.socketPath, socketDirectoryIsOwned: config.socketDirectoryIsOwned, log: log)
        promptFiles.prepare()
        let facts = (version: Release.version, pid: getpid(), startedAt: clock.now(),
                     socket: inherited == nil ? config.socketPath : Self.describeInherited(listener.fd))
        let handler = RequestHandler(store: store, settings: settings, statusAnswer: answer, clock: clock) {
            RuntimeFacts(version: facts.version, pid: facts.pid, startedAt: facts.startedAt, socket: facts.socket,
                         socketActivated: inherited != nil, subscribers: subscriberCount.current)
        }
        try ConnectionServer.start(ConnectionServer.Parts(
            listener: listener, handler: handler, renderer: PushRenderer(answer: answer, reads: NamedFileReads()), refreshLoop: refreshLoop,
            handoff: handoff, clock: clock, subscriberCount: subscriberCount, promptFiles: promptFiles, settings: settings,
            watchdog: watchdog, log: log))
        if let error = refreshLoop.start() { throw .socket("cannot start the refresh thread: \(error)") }
        if let error = watchdog?.start() { throw .socket("cannot start the watchdog thread: \(error)") }
        log.info("venued \(facts.version) listening on \(facts.socket)\(inherited == nil ? "" : " (socket activation)"), serving \(store.held.source.rawValue) data")
        notifier.send(["READY=1", Self.statusLine(store, settings, clock)])

        let stop = SignalLoop.wait {
            notifier.send(["RELOADING=1", "MONOTONIC_USEC=\(Notifier.monotonicMicroseconds())"])
            reload(settings: settings, log: log)
            // A new URL or interval applies at once, as the man page promises: refresh now.
            refreshLoop.refreshNow { _ in }
            handoff.configReloaded()
            handoff.dataChanged()
            notifier.send(["READY=1", Self.statusLine(store, settings, clock)])
        }
        notifier.send(["STOPPING=1"])
        log.info("stopping on \(stop == SIGTERM ? "SIGTERM" : "SIGINT")")
        // First the prompt files: a prompt must not show what no venued keeps current.
        promptFiles.removeAll()
        listener.removeFile()
        exit(0)
    }

    /// The last good copy on disk, else the feed compiled into the binary.
    private func initialFeed(_ config: Config, log: Log) throws(DaemonError) -> FeedCopy {
        if let cached = DiskCache(directory: config.cacheDirectory).load(log: log) {
            return FeedCopy(feed: cached.feed, source: .cache, fetchedAt: cached.meta?.fetchedAt)
        }
        do {
            return FeedCopy(feed: try FeedDecoder.decode(BundledFeed.bytes), source: .bundled, fetchedAt: nil)
        } catch {
            throw .environment("the bundled feed does not decode (\(error)): this build is broken")
        }
    }

    /// SIGHUP: the same steps as at start; a bad file leaves the running config alone.
    private func reload(settings: LiveConfig, log: Log) {
        let old = settings.current
        var new: Config
        do { new = try loader.load() } catch {
            log.warning("reload failed, keeping the running config: \(error.message)")
            return
        }
        if new.socketPath != old.socketPath { log.warning("the socket path changes only at restart; still on \(old.socketPath)") }
        new.socketPath = old.socketPath
        new.socketDirectoryIsOwned = old.socketDirectoryIsOwned
        new.clockOffset = old.clockOffset
        settings.replace(with: new)
        log.setLevel(new.logLevel)
        log.info("config reloaded")
        Self.logPromptProblems(new, log: log)
    }

    /// One line for each bad prompt line; its file says so too (`PromptSetting`).
    private static func logPromptProblems(_ config: Config, log: Log) {
        for problem in config.prompts.compactMap(\.problem) { log.warning("bad prompt config: \(problem)") }
    }

    /// STATUS= for `systemctl status`: what is served and how old it is.
    /// Where an inherited socket listens, as `info` shows it: systemd bound it, so its
    /// path is the kernel's answer (getsockname), whatever venued's own config says.
    private static func describeInherited(_ fd: Int32) -> String {
        UnixAddress.boundPath(of: fd) ?? "fd \(fd)"
    }

    private static func statusLine(_ store: FeedStore, _ settings: LiveConfig, _ clock: WallClock) -> String {
        let held = store.held
        let zone = try? ZoneDatabase.system.rules(settings.current.timeZone)
        let dates = zone.flatMap { held.coverage(zone: $0) }.map { ", dates \($0.first) to \($0.last)" } ?? ""
        let age = held.fetchedAt.map { ", fetched \(max(0, clock.now() - $0) / 60) min ago" } ?? ""
        let health = store.health
        let error = health.failures > 0 ? ", last refresh failed" : ""
        let cache = health.cacheError != nil ? ", cache not written" : ""
        return "STATUS=serving \(held.source.rawValue) data\(dates)\(age)\(error)\(cache)"
    }
}
