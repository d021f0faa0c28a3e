import Foundation
import Glibc
import VenuedSystem

/// A blocking Unix-socket client with a receive timeout, reading one line at a time.
final class UnixClient {
    /// -1 once closed.
    private(set) var fd: Int32
    private var buffer: [UInt8] = []

    init(path: String, timeout: Double) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = UnixAddress(path)!
        let connected = address.withSockaddr { connect(fd, $0, $1) }
        guard connected == 0 else {
            Glibc.close(fd)
            throw TestFailure("cannot connect to \(path): errno \(errno)")
        }
        var value = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard Glibc.send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else { throw TestFailure("send failed: errno \(errno)") }
    }

    /// The next line, or nil at end of stream; throws on timeout.
    func readLine() throws -> String? {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let count = recv(fd, &chunk, chunk.count, 0)
            if count == 0 { return nil }
            if count < 0 { throw TestFailure("no answer in time (errno \(errno))") }
            buffer += chunk[..<count]
        }
    }

    /// `readLine`, waiting at most `seconds` (0: only what has arrived): nil at end of
    /// stream; throws when nothing came in time.
    func readLineWithin(_ seconds: Double) throws -> String? {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard buffer.contains(10) || poll(&poller, 1, Int32(seconds * 1000)) == 1 else { throw TestFailure("nothing within \(seconds) s") }
        return try readLine()
    }

    /// Waits (up to `seconds`) until something arrives to read, without reading it.
    func waitUntilReadable(seconds: Double) throws {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard buffer.contains(10) || poll(&poller, 1, Int32(seconds * 1000)) == 1 else { throw TestFailure("nothing within \(seconds) s") }
    }

    /// Writes as much of `text` as the socket takes within `seconds`, without blocking
    /// past that: a client that floods and does not wait for its answers.
    func sendNonBlocking(_ text: String, seconds: Double) {
        let bytes = Array(text.utf8)
        let until = Date().addingTimeInterval(seconds)
        var offset = 0
        while offset < bytes.count && Date() < until {
            let count = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if count > 0 { offset += count } else { usleep(10_000) }
        }
    }

    func readObject() throws -> [String: Any] {
        guard let line = try readLine() else { throw TestFailure("connection closed without an answer") }
        guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw TestFailure("answer is not a JSON object: \(line)")
        }
        return object
    }

    /// Closes once; later calls do nothing, so that a test may close early and still
    /// keep its `defer`, without closing a descriptor that another test has since opened.
    func close() {
        guard fd >= 0 else { return }
        Glibc.close(fd)
        fd = -1
    }
}
