import Foundation
import Glibc
import Synchronization
import VenuedCLI

/// Accepts clients on the listening socket: one thread per open connection, at most
/// `maxConnections` at once, so a stuck client never delays the others. Peers of
/// another uid are refused (SO_PEERCRED), whatever the socket's file mode says.
///
/// The serving threads accept for themselves (leader/followers): each blocks in
/// accept(2), serves the connection it gets, then accepts again. Handing every
/// connection from one accept thread to another thread cost two context switches per
/// request, the largest cost left in a `status` request (scripts/bench-daemon: about
/// 15,000 requests/s that way, over 20,000 like this, on 2 cores). Threads are started
/// on demand, so that one is always accepting, up to `maxConnections`; an idle one
/// sleeps in accept(2) and never wakes by itself. When all `maxConnections` are open,
/// an extra thread accepts so that a newcomer waits up to `admissionWait` for a
/// connection to end and is then refused with an error line rather than left hanging.
final class ConnectionServer: Sendable {
    static let maxConnections = 64
    /// Requests are a few hundred bytes; anything near this is not a request.
    static let requestLimit = 16 * 1024
    /// A client has this long to send each request after connecting or after an answer.
    static let readDeadline = 1.0
    /// Lines one connection may send before it is closed.
    static let requestsPerConnection = 1000
    /// How long a client beyond `maxConnections` waits for a slot before it is refused
    /// (a client that reconnects at once can otherwise race the end of its previous
    /// connection).
    static let admissionWait = 0.25

    private struct State {
        /// Connections being served.
        var open = 0
        /// Serving threads started (the overflow thread not counted).
        var threads = 0
        /// Threads blocked in accept(2), or about to be.
        var accepting = 0
        /// The overflow thread waits on `full` rather than in accept(2).
        var overflowParked = true
    }

    private let listener: Listener
    private let handler: RequestHandler
    private let hub: SubscriberHub
    private let log: Log
    private let uid = getuid()
    private let state = Mutex(State())
    /// Wakes the overflow thread when no thread is left accepting.
    private let full = DispatchSemaphore(value: 0)

    init(listener: Listener, handler: RequestHandler, hub: SubscriberHub, log: Log) {
        self.listener = listener
        self.handler = handler
        self.hub = hub
        self.log = log
    }

    func start() {
        state.withLock { state in
            state.threads = 1
            state.accepting = 1
        }
        startThread("client") { [self] in serveLoop() }
        startThread("overflow") { [self] in overflowLoop() }
    }

    private func startThread(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = name
        thread.start()
    }

    /// A serving thread: accept, serve, repeat. It starts counted as accepting.
    private func serveLoop() {
        while true {
            let holdsSlot = nextConnection().map(handle) ?? false
            state.withLock { state in
                if holdsSlot { state.open -= 1 }
                state.accepting += 1
            }
        }
    }

    /// Accepts only while no serving thread does, i.e. while `maxConnections` are open.
    private func overflowLoop() {
        while true {
            full.wait()
            while true {
                state.withLock { $0.accepting += 1 }
                let holdsSlot = nextConnection().map(handle) ?? false
                let parked = state.withLock { state -> Bool in
                    if holdsSlot { state.open -= 1 }
                    state.overflowParked = state.accepting > 0
                    return state.overflowParked
                }
                if parked { break }
            }
        }
    }

    /// One accepted connection (FD_CLOEXEC set) and whether it got a slot at once, or
    /// nil after an error; the caller is counted in `accepting`. Starts another thread,
    /// or wakes the overflow thread, when this one was the last accepting.
    private func nextConnection() -> (fd: Int32, admitted: Bool)? {
        let fd = accept(listener.fd, nil, nil)
        let failure = errno
        // One lock per connection here and one when it ends: with 64 threads on two
        // cores, every lock taken under contention shows in the latency.
        let (admitted, spawn, wakeOverflow) = state.withLock { state -> (Bool, Bool, Bool) in
            state.accepting -= 1
            let admitted = fd >= 0 && state.open < Self.maxConnections
            if admitted { state.open += 1 }
            guard state.accepting == 0 else { return (admitted, false, false) }
            if state.threads < Self.maxConnections {
                state.threads += 1
                state.accepting += 1    // counted from now, so no other thread starts one too
                return (admitted, true, false)
            }
            guard state.overflowParked else { return (admitted, false, false) }
            state.overflowParked = false
            return (admitted, false, true)
        }
        if spawn { startThread("client") { [self] in serveLoop() } }
        if wakeOverflow { full.signal() }
        guard fd >= 0 else {
            if failure != EINTR && failure != ECONNABORTED {
                // Out of descriptors, most likely: wait instead of spinning.
                log.error("accept failed: \(String(cString: strerror(failure)))")
                usleep(100_000)
            }
            return nil
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return (fd, admitted)
    }

    /// Checks the peer, takes a slot if it has none (or refuses), serves the connection
    /// and closes it. True when the caller must give the slot back.
    private func handle(_ connection: (fd: Int32, admitted: Bool)) -> Bool {
        let fd = connection.fd
        defer { close(fd) }
        SocketIO.setTimeout(fd, option: SO_SNDTIMEO, seconds: 2)
        guard let peer = SocketIO.peerUID(fd), peer == uid else {
            log.warning("refused a client of another user (uid \(SocketIO.peerUID(fd).map(String.init) ?? "unknown"))")
            SocketIO.send(fd, Reply.error(ProtocolError("this venued serves uid \(uid) only", code: .forbidden)))
            return connection.admitted
        }
        guard connection.admitted || admit() else {
            log.warning("refused a client: \(Self.maxConnections) connections are open")
            SocketIO.send(fd, Reply.error(ProtocolError("too many connections (\(Self.maxConnections)): try again shortly", code: .busy)))
            return false
        }
        serve(fd)
        return true
    }

    /// Takes a connection slot, waiting up to `admissionWait` for one (checked every
    /// 5 ms: this wait happens only while all `maxConnections` are open).
    private func admit() -> Bool {
        let deadline = Monotonic.seconds() + Self.admissionWait
        while true {
            let admitted = state.withLock { state -> Bool in
                guard state.open < Self.maxConnections else { return false }
                state.open += 1
                return true
            }
            if admitted { return true }
            if Monotonic.seconds() >= deadline { return false }
            usleep(5_000)
        }
    }

    private func serve(_ fd: Int32) {
        var reader = LineReader(fd: fd, limit: Self.requestLimit)
        for _ in 0..<Self.requestsPerConnection {
            switch reader.next(within: Self.readDeadline) {
            case .end:
                return
            case .timedOut:
                if reader.hasPartialRequest {
                    SocketIO.send(fd, Reply.error(ProtocolError("no complete request within \(Self.readDeadline) s: end each request with a newline")))
                }
                return
            case .tooLong:
                SocketIO.send(fd, Reply.error(ProtocolError("request longer than \(Self.requestLimit) bytes")))
                return
            case .line(let bytes):
                switch handler.handle(bytes) {
                case .reply(let text):
                    guard SocketIO.send(fd, text) else { return }
                case .subscribe(let subscription):
                    guard let id = hub.add(fd: fd, subscription: subscription) else { return }
                    reader.waitForHangUp()
                    hub.remove(id)
                    return
                }
            }
        }
    }
}
