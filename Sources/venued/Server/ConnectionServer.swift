import CLinuxEvents
import DiningHours
import Glibc
import VenueReports
import VenuedProtocol
import VenuedSystem

/// venued's one loop and the one owner of its state: it never blocks; a worker gets a copy and hands back a value.
struct ConnectionServer {
    static let signals = SignalSet([SIGHUP, SIGTERM, SIGINT])
    static let maxConnections = 64, maxSubscribers = 64, requestsBeforeTrim = 256
    /// Quiet this long, a connection may lose its slot to a waiting client (at once past `slotsWithGrace`).
    static let quietGrace = 0.05, slotsWithGrace = 8
    static let requestLimit = 16 * 1024, requestsPerConnection = 1000, linesPerTurn = 8
    /// A longer line is parsed on the compute lane, and only while its client is there.
    static let longLine = 1024
    static let readDeadline = 1.0, writeDeadline = 2.0
    /// A client that reconnects at once could otherwise race the end of its previous connection.
    static let admissionWait = 0.25

    static let listenerToken = UInt64.max, handoffToken = UInt64.max - 1, timerToken = UInt64.max - 2
    static let watchdogToken = UInt64.max - 3, signalToken = UInt64.max - 4, fetchToken = UInt64.max - 5
    static let stderrToken = UInt64.max - 6

    struct Parts {
        let listener: Listener, loader: ConfigLoader, snapshot: Snapshot, menus: MenuShelf, facts: RuntimeFacts
        let clock: WallClock, promptFiles: PromptFiles, notifier: Notifier, log: Log, environment: [String: String]
    }

    let listener: Listener, loader: ConfigLoader, facts: RuntimeFacts, clock: WallClock, log: Log, notifier: Notifier
    let epoll: Epoll, handoff: Handoff, timer: WallTimer, signals: Int32, watchdog: Watchdog?, promptFiles: PromptFiles
    let uid = getuid()
    var prepared: Prepared
    var snapshot: Snapshot { prepared.snapshot }
    var lines = StatusLines(), refresh = RefreshState(), hub = SubscriberHub()
    var roundInFlight = false, promptWriteInFlight = false, requestsSinceTrim = 0
    var promptChanges: [String: PromptFiles.Change] = [:]
    var promptFileNames: Set<String> = [], promptFailing: Set<String> = []
    var armedFor: Double?, watchingStderr = false
    var connections = ConnectionTable(), unfinished: [UInt64] = []
    /// Read once more after the next turn's reports before epoll watches them: a one-question client has left by then.
    var unregistered: [UInt64] = []
    /// Swapped with `unregistered` and `unfinished` each turn, to reuse their storage.
    private var probes: [UInt64] = [], turn: [UInt64] = []
    private var turnClock: Double?, turnInstant: Instant?, nextSweep: Double?
    var waitingRoom = WaitingRoom(capacity: ConnectionServer.maxConnections)
    var accepting = true, listenerResumesAt: Double?
    var busyRefusals = 0, busyLoggedAt = -Double.infinity, strangerRefusals = 0, strangerLoggedAt = -Double.infinity
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 8)
    let ready = UnsafeMutableBufferPointer<epoll_event>.allocate(capacity: Epoll.batch)

    static func run(_ parts: Parts) throws(DaemonError) -> Never {
        guard parts.listener.makeNonBlocking(), let epoll = Epoll(), let timer = WallTimer(offset: parts.clock.offset),
              let handoff = Handoff(), let signals = Self.signals.descriptor(),
              case let watchdog = Watchdog(environment: parts.environment),
              epoll.add(parts.listener.fd, Epoll.input, token: listenerToken),
              epoll.add(handoff.fd, Epoll.input, token: handoffToken),
              epoll.add(timer.fd, Epoll.input, token: timerToken),
              epoll.add(signals, Epoll.input, token: signalToken),
              watchdog.map({ epoll.add($0.fd, Epoll.input, token: watchdogToken) }) ?? true else {
            throw .socket("cannot set up the loop: \(String(cString: strerror(errno)))")
        }
        var server = ConnectionServer(
            listener: parts.listener, loader: parts.loader, facts: parts.facts, clock: parts.clock, log: parts.log,
            notifier: parts.notifier, epoll: epoll, handoff: handoff, timer: timer, signals: signals, watchdog: watchdog,
            promptFiles: parts.promptFiles, prepared: Prepared(parts.snapshot, dishes: parts.menus.dishIndex))
        server.refresh.menus.shelf = parts.menus
        server.run()
    }

    private mutating func run() -> Never {
        followPromptFiles()
        notifier.send(["READY=1", statusLine()])
        refreshIfDue()
        while true {
            swap(&probes, &unregistered)
            (turnClock, turnInstant) = (nil, nil)
            // A copy of the descriptor's wrapper: the reports' handler changes `self`.
            let epoll = epoll
            var newcomers = false
            epoll.wait(milliseconds: probes.isEmpty ? sweepTimeout() : 0, into: ready) { event in
                switch event.token {
                case Self.listenerToken: newcomers = true
                case Self.handoffToken: finishHandoffs()
                case Self.timerToken: timerFired()
                case Self.signalToken:
                    for number in SignalSet.take(signals) { if number == SIGHUP { reload() } else { stop(number) } }
                case Self.fetchToken: if refresh.process?.readAvailable() == true { fetchEnded(complete: true) }
                case Self.stderrToken: log.flush()
                case Self.watchdogToken:
                    watchdog?.drain()
                    notifier.send(["WATCHDOG=1"])
                default:
                    with(event.token) { server, connection in
                        if connection.phase == .handedOff {
                            if event.hungUp { server.close(&connection) }
                            return
                        }
                        if event.writable && connection.phase == .writing { server.flush(&connection) }
                        if event.readable && connection.phase != .closed { server.receive(&connection) }
                    }
                }
            }
            swap(&turn, &unfinished)
            for token in turn { with(token) { $0.serveLines(&$1) } }
            turn.removeAll(keepingCapacity: true)
            // After the turn's connections are served: a client that reconnects at once finds the slot it freed.
            if newcomers { acceptAll() }
            probe(probes)
            probes.removeAll(keepingCapacity: true)
            if let nextSweep, turnTime() >= nextSweep { sweep() }
            admitWaiting()
            if (listenerResumesAt == nil) != accepting {
                accepting.toggle()
                epoll.modify(listener.fd, accepting ? Epoll.input : 0, token: Self.listenerToken)
            }
            startPendingRound()
            startPromptWrites()
            armTimer()
            if let fd = log.watchable, log.isWaiting != watchingStderr {
                if !log.isWaiting { epoll.remove(fd) }
                watchingStderr = log.isWaiting && epoll.add(fd, Epoll.output, token: Self.stderrToken)
            }
            // Once a burst is over and no client is left, gives back the freed heap, which glibc would keep.
            if requestsSinceTrim >= Self.requestsBeforeTrim, connections.requestSlotsTaken == 0, unfinished.isEmpty {
                requestsSinceTrim = 0
                _ = venued_release_free_memory()
            }
        }
    }

    /// Lends the connection to `body` and puts it back after, unless `body` closed it; a `with` inside finds none.
    mutating func with(_ token: UInt64, _ body: (inout ConnectionServer, inout Connection) -> Void) {
        guard var connection = connections.lend(token) else { return }
        body(&self, &connection)
        connections.giveBack(consume connection)
    }

    mutating func updateInterest(_ connection: inout Connection) {
        let wanted = connection.wantedInterest
        guard wanted != connection.interest else { return }
        // A connection that only waits to read is read once more before it is registered.
        if connection.interest == nil, wanted == Epoll.input, connection.phase == .reading, !connection.quietAtProbe {
            if !connection.awaitingProbe {
                connection.awaitingProbe = true
                unregistered.append(connection.token)
            }
            return
        }
        switch (connection.interest, wanted) {
        case (nil, let flags?): epoll.add(connection.fd, flags, token: connection.token)
        case (_?, let flags?): epoll.modify(connection.fd, flags, token: connection.token)
        case (_?, nil): epoll.remove(connection.fd)
        case (nil, nil): break
        }
        connection.interest = wanted
    }

    /// The hub forgets a subscriber first, so it never writes to a reused descriptor.
    mutating func close(_ connection: inout Connection) {
        switch connection.phase {
        case .subscribed: hub.remove(connection.token)
        case .handedOff:
            handoff.cancel(token: connection.token)
            refresh.waiters.removeAll { $0 == connection.token }
        case .reading, .writing, .closed: break
        }
        connections.remove(connection)
        connection.phase = .closed
        _ = venued_close(connection.fd)
    }

    mutating func turnTime() -> Double {
        if let turnClock { return turnClock }
        let now = Monotonic.seconds()
        turnClock = now
        return now
    }

    /// The wall clock, read once a turn for the answers: a turn lasts microseconds, and a read costs one in a VM.
    mutating func answerTime() -> Instant {
        if let turnInstant { return turnInstant }
        let now = clock.now()
        turnInstant = now
        return now
    }

    mutating func setDeadline(_ connection: inout Connection, _ seconds: Double) {
        connection.deadline = noteDeadline(turnTime() + seconds)
    }

    @discardableResult
    mutating func noteDeadline(_ deadline: Double) -> Double {
        nextSweep = min(nextSweep ?? deadline, deadline)
        return deadline
    }

    private func sweepTimeout() -> Int32 {
        guard unfinished.isEmpty else { return 0 }
        guard let nextSweep else { return -1 }
        let milliseconds = (nextSweep - Monotonic.seconds()) * 1000
        return milliseconds <= 0 ? 0 : Int32(min(milliseconds.rounded(.up), 3_600_000))
    }

    private mutating func sweep() {
        let now = turnTime()
        for late in connections.all where late.deadline.map({ $0 <= now }) ?? false {
            with(late.token) { server, connection in
                if connection.phase == .reading && connection.input.hasPartialRequest {
                    SocketIO.sendAll(connection.fd, Reply.error(ProtocolError("no complete request within \(Self.readDeadline) s: end each request with a newline")))
                }
                server.close(&connection)
            }
        }
        for fd in waitingRoom.expired(at: now) { refuseBusy(fd) }
        if let resumesAt = listenerResumesAt, resumesAt <= now { listenerResumesAt = nil }
        if let process = refresh.process, process.deadline <= now { fetchEnded(complete: false) }
        nextSweep = (connections.all.compactMap(\.deadline)
            + [waitingRoom.earliestDeadline, listenerResumesAt, refresh.process?.deadline].compactMap { $0 }).min()
    }
}
