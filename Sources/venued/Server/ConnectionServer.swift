import CLinuxEvents
import Glibc
import VenuedProtocol
import VenuedSystem

/// Serves every client from one thread: an epoll loop over the listening socket, the
/// open connections, the `Handoff` doorbell, a wall-clock timer and, under systemd's
/// watchdog, the `Watchdog`'s doorbell (it pings only while this loop turns). `status` is
/// answered inline (a cache hit in `StatusAnswer` most of the time: microseconds);
/// whatever can wait (a file, a fetch, milliseconds of computation) runs on a worker
/// and comes back through `Handoff`; `refresh` waits for the refresh loop's chain.
/// Subscriptions live in the loop: the timer (`WallTimer`, an absolute CLOCK_REALTIME
/// deadline that the kernel also ends when the clock is set or the system resumes) wakes
/// it at the soonest instant a subscriber's answer can change, a worker renders the
/// lines, and the loop sends them: this is the only thread that writes sockets.
///
/// Why one thread: with 64 clients on 2 cores, a thread per connection spends most of a
/// request in context switches and lock hand-offs. The loop takes whatever is ready in
/// one `epoll_wait`, so under load it serves many requests per wake-up and never hands a
/// connection to another thread. A second loop on the same listener (EPOLLEXCLUSIVE)
/// only competes with the clients for the same two cores.
///
/// Guarantees kept from the protocol: a request must arrive within `readDeadline` of
/// connecting or of the previous answer and be under `requestLimit`; at most
/// `maxConnections` ask requests at once, and a newcomer beyond that waits up to
/// `admissionWait` for a slot, then gets a `busy` line (`WaitingRoom`). Slots are
/// shared, not held: while a client waits, the connection that has been quiet longest
/// (at least `quietGrace`), from the process that holds the most slots, is closed to
/// make room, so neither idle connections nor a client that reopens them as they are
/// dropped can keep others out; only connections that are really being answered make
/// a newcomer wait. Subscriptions hold no request slot: up to `maxSubscribers` have
/// their own, and one beyond that is refused `busy`. Peers of another uid get a
/// `forbidden` line (SO_PEERCRED, whatever the socket's file mode says). Nothing blocks: sockets are
/// non-blocking, sends use MSG_NOSIGNAL, and an answer the socket cannot take at once
/// waits for EPOLLOUT (and is dropped with its client after `writeDeadline`). Deadlines
/// are checked by a sweep at the earliest one, so an idle loop sleeps without a timeout.
///
/// This file holds the loop and its bookkeeping (interest, deadlines, the sweep);
/// ConnectionServer+Admission.swift accepts and admits connections,
/// ConnectionServer+Requests.swift reads requests and writes answers,
/// ConnectionServer+Subscriptions.swift runs the pushes and the wall-clock timer.
final class ConnectionServer {
    static let maxConnections = 64
    /// `subscribe` streams open at once, apart from the request slots: a status bar
    /// with a module per venue on each of a few monitors stays far below it.
    static let maxSubscribers = 64
    /// Requests answered before an idle loop trims the heap.
    static let requestsBeforeTrim = 256
    /// A connection quiet this long may be closed for a client waiting for its slot;
    /// a client that just connected has this long to send its request.
    static let quietGrace = 0.05
    /// Slots a process may hold before its connections lose `quietGrace` to a process
    /// holding fewer: a prompt or a bar holds one or two, a script a few.
    static let slotsWithGrace = 8
    /// Requests are a few hundred bytes; anything near this is not a request.
    static let requestLimit = 16 * 1024
    /// A request longer than this is parsed only if its client is still there to read
    /// the answer; the prompt's requests are a few hundred bytes.
    static let longLine = 1024
    /// A client has this long to send each request after connecting or after an answer.
    static let readDeadline = 1.0
    /// A client has this long to take an answer its socket could not hold at once.
    static let writeDeadline = 2.0
    /// Lines one connection may send before it is closed.
    static let requestsPerConnection = 1000
    /// Lines answered for one connection before the others get their turn: a client
    /// that pipelines a thousand requests must not keep the loop to itself.
    static let linesPerTurn = 8
    /// How long a client beyond `maxConnections` waits for a slot before it is refused
    /// (a client that reconnects at once can otherwise race the end of its previous
    /// connection).
    static let admissionWait = 0.25

    private static let listenerToken = UInt64.max
    private static let handoffToken = UInt64.max - 1
    private static let timerToken = UInt64.max - 2
    private static let watchdogToken = UInt64.max - 3

    /// What the loop is given to work with.
    struct Parts {
        let listener: Listener
        let handler: RequestHandler
        let renderer: PushRenderer
        let refreshLoop: RefreshLoop
        let handoff: Handoff
        let clock: WallClock
        let subscriberCount: SubscriberCount
        /// Where the prompt files go, and the config that names them.
        let promptFiles: PromptFiles
        let settings: LiveConfig
        /// Told of every turn, when systemd watches venued.
        let watchdog: Watchdog?
        let log: Log
    }

    let listener: Listener
    let handler: RequestHandler
    let renderer: PushRenderer
    let refreshLoop: RefreshLoop
    let clock: WallClock
    let log: Log
    let epoll: Epoll
    let handoff: Handoff
    let timer: WallTimer
    let subscriberCount: SubscriberCount
    let promptFiles: PromptFiles
    let settings: LiveConfig
    private let watchdog: Watchdog?
    let uid = getuid()
    /// The subscribers' state; this thread's alone.
    var hub = SubscriberHub()
    /// A round of pushes is being rendered on a worker; the next waits for it.
    var roundInFlight = false
    /// Prompt file changes waiting for the files lane, the latest per file.
    var promptChanges: [String: PromptFiles.Change] = [:]
    /// A batch of them is being written; the next waits for it.
    var promptWriteInFlight = false
    /// The prompt files the config names, good lines and bad: those venued keeps.
    var promptFileNames: Set<String> = []
    /// The instant the timer is armed for (caller's seconds); nil after it fired.
    var armedFor: Double?
    /// Open connections, subscribers included, and the request slots they hold.
    var connections = ConnectionTable()
    /// Connections that had lines left when their turn ended, served again after the
    /// current batch of reports.
    var unfinished: [Connection] = []
    /// Connections waiting for their next request that epoll does not watch yet: each
    /// is read once more after the next turn's reports (`probe`), not this one's, so
    /// that its client has had the time of a wait and a batch to read the answer and
    /// close. A client that asked one question has usually closed by then, and its
    /// connection ends with no epoll registration at all; one that has not is
    /// registered then.
    var unregistered: [Connection] = []
    /// The previous turn's `unregistered`, read once more in this one; and the lines
    /// left `unfinished` by the previous turn. Kept to reuse their storage.
    private var probes: [Connection] = []
    private var turn: [Connection] = []
    /// This turn's reading of the monotonic clock (`turnTime()`).
    private var turnClock: Double?
    var waitingRoom = WaitingRoom(capacity: ConnectionServer.maxConnections)
    /// Whether epoll watches the listening socket: not while the waiting room is full,
    /// nor for a moment after an error such as running out of descriptors.
    var accepting = true
    /// Set while accepting is paused after an error.
    var listenerResumesAt: Double?
    var serial: UInt32 = 0
    /// Clients refused `busy` since the last log line that counted them, and when it was.
    var busyRefusals = 0
    var busyLoggedAt = -Double.infinity
    /// When the next deadline may have passed; nil while none is set.
    private var nextSweep: Double?
    /// Requests answered since the heap was last trimmed (`releaseMemoryWhenIdle`).
    var requestsSinceTrim = 0
    /// Where each read lands; one buffer for all connections.
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 8)

    /// Sets up the loop's descriptors, then runs it on a thread of its own.
    static func start(_ parts: Parts) throws(DaemonError) {
        guard parts.listener.makeNonBlocking(), let epoll = Epoll(), let timer = WallTimer(offset: parts.clock.offset),
              epoll.add(parts.listener.fd, Epoll.input, token: listenerToken),
              epoll.add(parts.handoff.fd, Epoll.input, token: handoffToken),
              epoll.add(timer.fd, Epoll.input, token: timerToken),
              parts.watchdog.map({ epoll.add($0.doorbell.fd, Epoll.input, token: watchdogToken) }) ?? true else {
            throw .socket("cannot set up the connection loop: \(String(cString: strerror(errno)))")
        }
        if let error = SystemThread.start(name: "server", { ConnectionServer(parts, epoll: epoll, timer: timer).run() }) {
            throw .socket("cannot start the connection loop: \(error)")
        }
    }

    private init(_ parts: Parts, epoll: Epoll, timer: WallTimer) {
        listener = parts.listener
        handler = parts.handler
        renderer = parts.renderer
        refreshLoop = parts.refreshLoop
        handoff = parts.handoff
        clock = parts.clock
        subscriberCount = parts.subscriberCount
        promptFiles = parts.promptFiles
        settings = parts.settings
        watchdog = parts.watchdog
        log = parts.log
        self.epoll = epoll
        self.timer = timer
    }

    private func run() -> Never {
        followPromptFiles()
        while true {
            watchdog?.turned()
            swap(&probes, &unregistered)
            turnClock = nil
            epoll.wait(milliseconds: probes.isEmpty ? sweepTimeout() : 0) { event in
                switch event.token {
                case Self.listenerToken: acceptAll()
                case Self.handoffToken: finishHandoffs()
                case Self.timerToken: timerFired()
                case Self.watchdogToken: watchdog?.doorbell.drain()
                default:
                    guard let connection = connections[token: event.token] else { return }
                    if connection.phase == .handedOff {
                        if event.hungUp { close(connection) }
                        return
                    }
                    if event.writable && connection.phase == .writing { flush(connection) }
                    if event.readable && connection.phase != .closed { receive(connection) }
                }
            }
            swap(&turn, &unfinished)
            for connection in turn { serveLines(connection) }
            turn.removeAll(keepingCapacity: true)
            probe(probes)
            probes.removeAll(keepingCapacity: true)
            if let nextSweep, turnTime() >= nextSweep { sweep() }
            admitWaiting()
            setAccepting(listenerResumesAt == nil)
            startPendingRound()
            startPromptWrites()
            armTimer()
            releaseMemoryWhenIdle()
        }
    }

    /// After a burst (64 clients pipelining megabytes of requests, say), once no client
    /// is left, gives the freed heap back to the kernel: glibc keeps it otherwise, and
    /// the daemon would sit at its peak size for the rest of its life. Not after every
    /// request: a prompt's lone request would pay for a trim it does not need.
    private func releaseMemoryWhenIdle() {
        guard requestsSinceTrim >= Self.requestsBeforeTrim, connections.requestSlotsTaken == 0, unfinished.isEmpty else { return }
        requestsSinceTrim = 0
        _ = venued_release_free_memory()
    }

    // MARK: bookkeeping

    private func setAccepting(_ wanted: Bool) {
        guard wanted != accepting else { return }
        epoll.modify(listener.fd, wanted ? Epoll.input : 0, token: Self.listenerToken)
        accepting = wanted
    }

    func updateInterest(_ connection: Connection) {
        let wanted = connection.wantedInterest
        guard wanted != connection.interest else { return }
        // A connection that only waits to read is read once more before it is registered.
        if connection.interest == nil, wanted == Epoll.input, connection.phase == .reading, !connection.quietAtProbe {
            if !connection.awaitingProbe {
                connection.awaitingProbe = true
                unregistered.append(connection)
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

    /// Closes the descriptor, which also ends its epoll registration (descriptors are
    /// close-on-exec and a fetch child closes any it inherits, so none stays open
    /// elsewhere; a late report for it carries an old token and is ignored). The hub
    /// forgets a subscriber first, so that it never writes to a reused descriptor.
    /// A freed slot goes to a waiting client after the current batch of reports.
    func close(_ connection: Connection) {
        switch connection.phase {
        case .subscribed:
            hub.remove(connection.token)
        case .handedOff:
            connection.ticket?.cancel()
        case .reading, .writing, .closed:
            break
        }
        connections.remove(connection)
        if connection.isSubscribed { subscriberCount.set(connections.subscribers) }
        connection.phase = .closed
        Glibc.close(connection.fd)
    }

    /// Monotonic seconds, read once a turn: what happens in one turn (a batch of reports,
    /// milliseconds at most) is timed from the turn's first reading, and a request costs
    /// no clock readings of its own.
    func turnTime() -> Double {
        if let turnClock { return turnClock }
        let now = Monotonic.seconds()
        turnClock = now
        return now
    }

    func setDeadline(_ connection: Connection, _ seconds: Double) {
        let deadline = turnTime() + seconds
        connection.deadline = deadline
        noteDeadline(deadline)
    }

    func noteDeadline(_ deadline: Double) {
        nextSweep = min(nextSweep ?? deadline, deadline)
    }

    /// Milliseconds until the next sweep, rounded up; -1 (no timeout) when none is due;
    /// 0 while lines wait for their turn.
    private func sweepTimeout() -> Int32 {
        guard unfinished.isEmpty else { return 0 }
        guard let nextSweep else { return -1 }
        let milliseconds = (nextSweep - Monotonic.seconds()) * 1000
        return milliseconds <= 0 ? 0 : Int32(min(milliseconds.rounded(.up), 3_600_000))
    }

    /// Cuts off the connections whose deadline passed, refuses the clients that waited
    /// too long for a slot, resumes a paused listener, and finds the next deadline.
    private func sweep() {
        let now = turnTime()
        for connection in connections.all where connection.deadline.map({ $0 <= now }) ?? false {
            if connection.phase == .reading && connection.input.hasPartialRequest {
                SocketIO.sendAll(connection.fd, Reply.error(ProtocolError("no complete request within \(Self.readDeadline) s: end each request with a newline")))
            }
            close(connection)
        }
        for fd in waitingRoom.expired(at: now) { refuseBusy(fd) }
        if let resumesAt = listenerResumesAt, resumesAt <= now { listenerResumesAt = nil }
        let deadlines = connections.all.compactMap(\.deadline) + [waitingRoom.earliestDeadline, listenerResumesAt].compactMap { $0 }
        nextSweep = deadlines.min()
    }
}
