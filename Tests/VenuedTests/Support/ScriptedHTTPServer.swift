import Foundation
import Glibc
import Synchronization
import VenuedProtocol

/// A tiny HTTP/1.1 server on 127.0.0.1 and an ephemeral port, answering each path with
/// a scripted response: any status, headers and body, an ETag honoured with 304 (which
/// keeps the extra headers), a delay, a hang, a body cut short of its Content-Length, or
/// a hostile stream (endless, dripped).
/// One thread per connection; every wait is bounded so a test can never hang on it.
final class ScriptedHTTPServer: Sendable {
    struct Response: Sendable {
        var status = 200
        var body: [UInt8] = []
        var contentType = "application/json"
        var etag: String?
        /// Announce this Content-Length and close after `body` (a truncated transfer).
        var declaredLength: Int?
        /// Seconds to wait before answering; a hang is a delay longer than the client's timeout.
        var delay = 0.0
        /// More header lines, e.g. "Content-Encoding: gzip".
        var headers: [String] = []
        /// Instead of `body`: bytes sent for as long as the client reads (at most 30 s, 256 MB).
        var stream: Stream?
    }

    enum Stream: Sendable {
        /// 64 KB blocks of `0,` without a length, until the client closes.
        case endless(chunked: Bool)
        /// One byte of a declared 1,000 every `interval` seconds.
        case drip(interval: Double)
    }

    struct Recorded: Sendable {
        let path: String
        let headers: [String: String]
    }

    let port: UInt16
    private let fd: Int32
    private let routes = Mutex<[String: Response]>([:])
    private let log = Mutex<[Recorded]>([])
    private let stopped = Mutex(false)

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        guard bound == 0, listen(fd, 32) == 0 else {
            close(fd)
            throw TestFailure("cannot listen on 127.0.0.1: errno \(errno)")
        }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        self.fd = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    func set(_ path: String, _ response: Response) { routes.withLock { $0[path] = response } }

    var requests: [Recorded] { log.withLock { $0 } }

    func stop() {
        stopped.withLock { $0 = true }
        shutdown(fd, Int32(SHUT_RDWR))
        close(fd)
    }

    private func acceptLoop() {
        while !stopped.withLock({ $0 }) {
            let client = accept(fd, nil, nil)
            if client < 0 { if errno == EINTR { continue } else { return } }
            let thread = Thread { [self] in
                serve(client)
                close(client)
            }
            thread.start()
        }
    }

    private func serve(_ client: Int32) {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var head: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while head.count < 65_536, !head.ends(with: Array("\r\n\r\n".utf8)) {
            let count = recv(client, &chunk, 1, 0)
            if count <= 0 { return }
            head.append(chunk[0])
        }
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let path = lines.first?.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        log.withLock { $0.append(Recorded(path: path, headers: headers)) }
        var response = routes.withLock { $0[path] } ?? Response(status: 404, body: Array("not found".utf8), contentType: "text/plain")
        let deadline = Date().addingTimeInterval(min(response.delay, 120))
        while Date() < deadline, !stopped.withLock({ $0 }) { usleep(20_000) }
        if let etag = response.etag, headers["if-none-match"] == etag {
            response = Response(status: 304, body: [], etag: etag, headers: response.headers)
        }
        var text = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\nContent-Type: \(response.contentType)\r\n"
        switch response.stream {
        case .endless(chunked: true): text += "Transfer-Encoding: chunked\r\n"
        case .endless(chunked: false): break
        case .drip: text += "Content-Length: 1000\r\n"
        case nil: text += "Content-Length: \(response.declaredLength ?? response.body.count)\r\n"
        }
        if let etag = response.etag { text += "ETag: \(etag)\r\n" }
        for line in response.headers { text += line + "\r\n" }
        text += "Connection: close\r\n\r\n"
        guard Self.send(Array(text.utf8), to: client) else { return }
        switch response.stream {
        case .endless(let chunked):
            let block = [UInt8](repeating: UInt8(ascii: "0"), count: 65_536)
            let framed = chunked ? Array("10000\r\n".utf8) + block + Array("\r\n".utf8) : block
            let deadline = Date().addingTimeInterval(30)
            for _ in 0..<4_096 where Date() < deadline && !stopped.withLock({ $0 }) {
                guard Self.send(framed, to: client) else { return }
            }
        case .drip(let interval):
            for _ in 0..<1_000 where !stopped.withLock({ $0 }) {
                guard Self.send([UInt8(ascii: " ")], to: client) else { return }
                usleep(useconds_t(interval * 1_000_000))
            }
        case nil:
            _ = Self.send(response.status == 304 ? [] : response.body, to: client)
        }
    }

    /// Sends all of `bytes`; false when the client is gone.
    private static func send(_ bytes: [UInt8], to client: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    private static func reason(_ status: Int) -> String {
        [200: "OK", 304: "Not Modified", 400: "Bad Request", 404: "Not Found", 429: "Too Many Requests", 500: "Internal Server Error", 503: "Service Unavailable"][status] ?? "Status"
    }
}

extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
