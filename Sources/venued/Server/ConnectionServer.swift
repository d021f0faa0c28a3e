import Foundation
import Glibc
import Synchronization
import VenuedCLI

/// Accepts clients on the listening socket: one thread per connection, at most
/// `maxConnections` at once, so a stuck client never delays the others. Peers of
/// another uid are refused (SO_PEERCRED), whatever the socket's file mode says.
final class ConnectionServer: Sendable {
    static let maxConnections = 64
    /// Requests are a few hundred bytes; anything near this is not a request.
    static let requestLimit = 16 * 1024
    /// A client has this long to send each request after connecting or after an answer.
    static let readDeadline = 1.0
    /// Lines one connection may send before it is closed.
    static let requestsPerConnection = 1000

    private let listener: Listener
    private let handler: RequestHandler
    private let hub: SubscriberHub
    private let log: Log
    private let active = Mutex(0)

    init(listener: Listener, handler: RequestHandler, hub: SubscriberHub, log: Log) {
        self.listener = listener
        self.handler = handler
        self.hub = hub
        self.log = log
    }

    func start() {
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "accept"
        thread.start()
    }

    private func acceptLoop() {
        while true {
            let fd = accept(listener.fd, nil, nil)
            guard fd >= 0 else {
                if errno != EINTR && errno != ECONNABORTED {
                    // Out of descriptors, most likely: wait instead of spinning.
                    log.error("accept failed: \(String(cString: strerror(errno)))")
                    usleep(100_000)
                }
                continue
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            SocketIO.setTimeout(fd, option: SO_SNDTIMEO, seconds: 2)
            guard let uid = SocketIO.peerUID(fd), uid == getuid() else {
                log.warning("refused a client of another user (uid \(SocketIO.peerUID(fd).map(String.init) ?? "unknown"))")
                SocketIO.send(fd, Reply.error(ProtocolError("this venued serves uid \(getuid()) only", code: .forbidden)))
                close(fd)
                continue
            }
            let admitted = active.withLock { count -> Bool in
                guard count < Self.maxConnections else { return false }
                count += 1
                return true
            }
            guard admitted else {
                log.warning("refused a client: \(Self.maxConnections) connections are open")
                SocketIO.send(fd, Reply.error(ProtocolError("too many connections (\(Self.maxConnections)): try again shortly", code: .busy)))
                close(fd)
                continue
            }
            let thread = Thread { [self] in
                serve(fd)
                close(fd)
                active.withLock { $0 -= 1 }
            }
            thread.name = "client"
            thread.start()
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
