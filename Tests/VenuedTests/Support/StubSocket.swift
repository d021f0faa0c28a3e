import Foundation
import Glibc
import Synchronization
import VenuedSystem

/// A Unix socket that accepts connections and then either never answers or answers
/// `reply`: what a wedged or foreign process on venued's socket looks like to a client.
/// Accepted connections stay open until `stop`, so the client sees silence, not a close.
/// The first line of each connection is kept in `received` (read for up to a second).
final class StubSocket: Sendable {
    let path: String
    private let fd: Int32
    private let accepted = Mutex<[Int32]>([])
    private let lines = Mutex<[String]>([])

    var received: [String] { lines.withLock { $0 } }

    init(path: String, reply: String? = nil) throws {
        self.path = path
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = UnixAddress(path)!
        let bound = address.withSockaddr { bind(fd, $0, $1) }
        guard bound == 0, listen(fd, 8) == 0 else {
            close(fd)
            throw TestFailure("cannot listen on \(path): errno \(errno)")
        }
        let thread = Thread { [self] in
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 { if errno == EINTR { continue } else { return } }
                accepted.withLock { $0.append(client) }
                if let reply { _ = Array(reply.utf8).withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }
                if let line = Self.firstLine(client) { lines.withLock { $0.append(line) } }
            }
        }
        thread.start()
    }

    private static func firstLine(_ client: Int32) -> String? {
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < 65_536, recv(client, &byte, 1, 0) == 1 {
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return nil
    }

    func stop() {
        shutdown(fd, Int32(SHUT_RDWR))
        close(fd)
        accepted.withLock { clients in
            for client in clients { close(client) }
            clients.removeAll()
        }
        unlink(path)
    }
}
