import Glibc
import VenuedSystem

/// Why the bus could not be used, in words for a log line.
package enum BusFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The connection itself: no bus, not the user's, authentication refused, closed, or
    /// bytes that are not D-Bus (then it is closed: a stream out of step cannot recover).
    case bus(String)
    /// A method call was answered with an error: its D-Bus name and its message.
    case remote(name: String, message: String)
    /// No answer within the time allowed.
    case timedOut(String)

    package var description: String {
        switch self {
        case .bus(let text), .timedOut(let text): return text
        case .remote(let name, let message): return message.isEmpty ? name : "\(name): \(message)"
        }
    }
}

/// A client connection to the session bus over its Unix socket: connect, check that the
/// bus runs as our own uid, authenticate (`SASL`), `Hello`, then method calls and the
/// signals that arrive between them. Every wait is a `poll` with a deadline; every
/// message is framed by its header before it is buffered, so a peer announcing more than
/// `messageLimit` bytes is cut off rather than read.
///
/// Not `Sendable`: one thread owns it, and its descriptor sits in that thread's poll set.
package final class BusConnection {
    /// Replies and signals of the Notifications interface are a few hundred bytes;
    /// anything near this is not a notification server talking to us.
    package static let messageLimit = 1 << 20
    /// Signals kept while a call waits for its reply; beyond this the oldest are dropped
    /// (a server that floods us with signals must not grow our memory).
    package static let heldLimit = 256

    package let fd: Int32
    /// The socket connected to: a path, or `@name`.
    package let socket: String
    /// What `Hello` named us (`:1.42`).
    package private(set) var uniqueName = ""
    private var buffer: [UInt8] = []
    private var lastSerial: UInt32 = 0
    private var held: [DBusMessage] = []

    private init(fd: Int32, socket: String) {
        self.fd = fd
        self.socket = socket
    }

    deinit { _ = Glibc.close(fd) }

    /// The session bus of `environment` (`BusAddress`), connected, authenticated and
    /// registered (`Hello`) within `timeout` seconds. With several addresses, the first
    /// that works; else the first one's failure.
    package static func session(environment: [String: String], uid: UInt32, timeout: Double) -> Result<BusConnection, BusFailure> {
        let sockets: [String]
        switch BusAddress.sockets(sessionAddress: environment["DBUS_SESSION_BUS_ADDRESS"], runtimeDirectory: environment["XDG_RUNTIME_DIR"]) {
        case .success(let found): sockets = found
        case .failure(let error): return .failure(.bus(error.message))
        }
        var first: BusFailure?
        for socket in sockets {
            switch open(socket, uid: uid, deadline: Monotonic.seconds() + timeout, timeout: timeout) {
            case .success(let connection): return .success(connection)
            case .failure(let failure): first = first ?? failure
            }
        }
        return .failure(first ?? .bus("no session bus"))
    }

    /// One socket: connect, check the peer, authenticate, Hello.
    package static func open(_ socket: String, uid: UInt32, deadline: Double, timeout: Double) -> Result<BusConnection, BusFailure> {
        guard var address = UnixAddress(socket) else { return .failure(.bus("the session bus address \(socket) is too long for a socket")) }
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return .failure(.bus("cannot create a socket: \(Syscall.Errno(errno))")) }
        let connection = BusConnection(fd: fd, socket: socket)
        if address.withSockaddr({ connect(fd, $0, $1) }) != 0 {
            switch errno {
            case ENOENT: return .failure(.bus("no session bus at \(socket)"))
            case ECONNREFUSED: return .failure(.bus("nothing listens on the session bus socket \(socket)"))
            // A Unix socket says EAGAIN when the listener's queue is full: nothing is under way.
            case EAGAIN: return .failure(.bus("the session bus at \(socket) is not accepting connections (its queue is full)"))
            case EINPROGRESS:
                guard connection.wait(for: Int16(POLLOUT), until: deadline) else {
                    return .failure(.timedOut("the session bus at \(socket) did not accept the connection within \(seconds(timeout))"))
                }
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
                if error != 0 { return .failure(.bus("cannot connect to the session bus at \(socket): \(Syscall.Errno(error))")) }
            default:
                return .failure(.bus("cannot connect to the session bus at \(socket): \(Syscall.Errno(errno))"))
            }
        }
        // The session bus is the user's own daemon: a bus run by anyone else (a squatter
        // on a path in /tmp, say) would read every notification we send, and could
        // answer an action with a URL of its choosing. Checked before a byte is sent, as
        // for venued's socket; root is refused too, unless we are root. The directory
        // rule venuectl applies to venued's socket (SocketTrust) is not: dbus-launch
        // puts session buses in /tmp, which everyone can write, and the peer's uid is
        // what tells a squatter there from the user's own bus.
        guard let peer = PeerCredentials(socket: fd) else {
            return .failure(.bus("cannot tell who runs the session bus at \(socket) (SO_PEERCRED: \(Syscall.Errno(errno)))"))
        }
        guard peer.uid == uid else {
            return .failure(.bus("the session bus at \(socket) runs as uid \(peer.uid), not as you (uid \(uid)): not using it"))
        }
        if let failure = connection.authenticate(uid: uid, deadline: deadline, timeout: timeout) { return .failure(failure) }
        let hello = DBusMessage.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                           interface: "org.freedesktop.DBus", member: "Hello")
        switch connection.call(hello, until: deadline, timeout: timeout) {
        case .success(let reply):
            guard let name = reply.firstString else { return .failure(.bus("the session bus at \(socket) answered Hello without a name")) }
            connection.uniqueName = name
            return .success(connection)
        case .failure(let failure):
            return .failure(failure)
        }
    }

    /// The SASL exchange: our AUTH, the server's one line, BEGIN.
    private func authenticate(uid: UInt32, deadline: Double, timeout: Double) -> BusFailure? {
        guard send(SASL.authenticate(uid: uid), until: deadline) else {
            return .bus("the session bus at \(socket) closed the connection during authentication")
        }
        while true {
            if let end = SASL.lineEnd(buffer[...]) {
                let line = Array(buffer[..<(end - 2)])
                buffer.removeSubrange(..<end)
                switch SASL.reply(line) {
                case .ok:
                    return send(SASL.begin, until: deadline) ? nil : .bus("the session bus at \(socket) closed the connection after authentication")
                case .rejected(let mechanisms):
                    let offered = mechanisms.isEmpty ? "" : " (it offers \(mechanisms.joined(separator: ", ")))"
                    return .bus("the session bus at \(socket) refused EXTERNAL authentication\(offered)")
                case .unexpected:
                    return .bus("the session bus at \(socket) answered the authentication with something else than OK or REJECTED")
                }
            }
            guard buffer.count <= SASL.lineLimit else { return .bus("the session bus at \(socket) sent an authentication line over \(SASL.lineLimit) bytes") }
            switch fill(until: deadline) {
            case .filled: continue
            case .timedOut: return .timedOut("the session bus at \(socket) did not answer the authentication within \(Self.seconds(timeout))")
            case .closed(let why): return .bus("the session bus at \(socket) \(why) during authentication")
            }
        }
    }

    // MARK: messages

    /// Sends `message` (with the next serial) and waits for its reply: the method return,
    /// or its error as `.remote`. Signals that arrive meanwhile are kept for `receive`.
    package func call(_ message: DBusMessage, timeout: Double) -> Result<DBusMessage, BusFailure> {
        call(message, until: Monotonic.seconds() + timeout, timeout: timeout)
    }

    private func call(_ message: DBusMessage, until deadline: Double, timeout: Double) -> Result<DBusMessage, BusFailure> {
        let serial = nextSerial()
        guard send(message.encoded(serial: serial), until: deadline) else { return .failure(.bus("the session bus at \(socket) closed the connection")) }
        let member = message.member ?? "a call"
        while true {
            switch next(until: deadline) {
            case .success(let reply) where reply.replySerial == serial && (reply.kind == .methodReturn || reply.kind == .error):
                guard reply.kind == .error else { return .success(reply) }
                return .failure(.remote(name: reply.errorName ?? "an error", message: reply.firstString ?? ""))
            case .success(let other):
                hold(other)
            case .failure(.timedOut):
                return .failure(.timedOut("no reply to \(member) within \(Self.seconds(timeout)) on the session bus at \(socket)"))
            case .failure(let failure):
                return .failure(failure)
            }
        }
    }

    /// Sends `message` without waiting for anything back; false when the bus is gone.
    package func send(_ message: DBusMessage, timeout: Double) -> Bool {
        var message = message
        message.flags |= DBusMessage.noReplyExpected
        return send(message.encoded(serial: nextSerial()), until: Monotonic.seconds() + timeout)
    }

    /// What has arrived, without waiting: the messages kept while a call waited, then
    /// whole messages now readable. For when `fd` polls readable; a failure means the
    /// connection is over.
    package func receive() -> Result<[DBusMessage], BusFailure> {
        var messages = held
        held = []
        switch fill(until: Monotonic.seconds()) {
        case .filled, .timedOut: break
        case .closed(let why): return messages.isEmpty ? .failure(.bus("the session bus at \(socket) \(why)")) : .success(messages)
        }
        do {
            while let message = try frame() { messages.append(message) }
        } catch {
            return .failure(.bus("the session bus at \(socket) sent a malformed message (\(error))"))
        }
        return .success(messages)
    }

    private func hold(_ message: DBusMessage) {
        if held.count >= Self.heldLimit { held.removeFirst() }
        held.append(message)
    }

    private func nextSerial() -> UInt32 {
        lastSerial = lastSerial == UInt32.max ? 1 : lastSerial + 1
        return lastSerial
    }

    /// The next whole message, waiting until `deadline` for its bytes.
    private func next(until deadline: Double) -> Result<DBusMessage, BusFailure> {
        while true {
            do {
                if let message = try frame() { return .success(message) }
            } catch {
                return .failure(.bus("the session bus at \(socket) sent a malformed message (\(error))"))
            }
            switch fill(until: deadline) {
            case .filled: continue
            case .timedOut: return .failure(.timedOut("no message within the time allowed"))
            case .closed(let why): return .failure(.bus("the session bus at \(socket) \(why)"))
            }
        }
    }

    /// A whole message from the front of the buffer, nil while it is incomplete. A
    /// message of a type the spec may add later is skipped, as the spec asks.
    private func frame() throws(DBusError) -> DBusMessage? {
        while true {
            guard let length = try DBusMessage.frameLength(buffer[...], limit: Self.messageLimit), buffer.count >= length else { return nil }
            let bytes = Array(buffer[..<length])
            buffer.removeSubrange(..<length)
            guard DBusMessage.Kind(rawValue: bytes[1]) != nil else { continue }
            return try DBusMessage.decode(bytes)
        }
    }

    // MARK: the socket

    private enum Fill {
        case filled
        case timedOut
        case closed(String)
    }

    /// Reads what the socket has, waiting until `deadline` for the first byte.
    private func fill(until deadline: Double) -> Fill {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var got = false
        while true {
            switch Syscall.io({ chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) } }) {
            case .processed(let count) where count > 0:
                buffer += chunk[..<count]
                got = true
                // A full chunk may mean more is waiting; the limit keeps one read bounded.
                if count < chunk.count || buffer.count > Self.messageLimit { return .filled }
            case .processed:
                return got ? .filled : .closed("closed the connection")
            case .wouldBlock:
                if got { return .filled }
                guard wait(for: Int16(POLLIN), until: deadline) else { return .timedOut }
            case .failed(let error):
                return got ? .filled : .closed("failed: \(error)")
            }
        }
    }

    private func send(_ bytes: [UInt8], until deadline: Double) -> Bool {
        var offset = 0
        while offset < bytes.count {
            switch Syscall.io({ bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }) {
            case .processed(let sent) where sent > 0: offset += sent
            case .wouldBlock where wait(for: Int16(POLLOUT), until: deadline): continue
            default: return false
            }
        }
        return true
    }

    /// Whether `events` (or a hang-up, which the next call reports) came before `deadline`.
    private func wait(for events: Int16, until deadline: Double) -> Bool {
        while true {
            let remaining = deadline - Monotonic.seconds()
            guard remaining > 0 else { return false }
            var poller = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining * 1000, 86_400_000).rounded(.up)))
            if ready < 0 && errno == EINTR { continue }
            return ready > 0
        }
    }

    private static func seconds(_ value: Double) -> String {
        value < 1 ? "\(Int(exactly: (value * 1000).rounded()) ?? 0) ms" : "\(Int(exactly: min(value, Seconds.longest).rounded()) ?? 0) s"
    }
}
