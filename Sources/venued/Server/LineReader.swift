import Glibc
import VenuedCLI

/// Reads newline-terminated requests from a connection, each within a deadline and a
/// size cap, so a slow or hostile client costs one thread for a bounded time.
struct LineReader {
    enum Event: Equatable {
        case line([UInt8])
        /// The client closed its side; no partial request was left.
        case end
        case timedOut
        case tooLong
    }

    let fd: Int32
    let limit: Int
    private var buffer: [UInt8] = []
    /// Reused by every read (a fresh zero-filled 4 KB array per call was an eighth of
    /// a `status` request's instructions).
    private var chunk = [UInt8](repeating: 0, count: 1024)

    init(fd: Int32, limit: Int) {
        self.fd = fd
        self.limit = limit
    }

    var hasPartialRequest: Bool { !buffer.isEmpty }

    mutating func next(within seconds: Double) -> Event {
        let deadline = Monotonic.seconds() + seconds
        // Try the socket before poll: the request is usually there already.
        var mayBeReady = true
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return line.count > limit ? .tooLong : .line(line)
            }
            if buffer.count > limit { return .tooLong }
            let remaining = deadline - Monotonic.seconds()
            if remaining <= 0 { return .timedOut }
            if !mayBeReady {
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, Int32(remaining * 1000) + 1)
                if ready < 0 && errno == EINTR { continue }
                if ready <= 0 { return ready == 0 ? .timedOut : .end }
            }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                mayBeReady = false
                continue
            }
            mayBeReady = true
            if count <= 0 {
                // A last request without its newline (`printf ... | nc -U`) still counts.
                guard !buffer.isEmpty else { return .end }
                let line = buffer
                buffer.removeAll()
                return line.count > limit ? .tooLong : .line(line)
            }
            buffer += chunk[..<count]
        }
    }

    /// Blocks until the client hangs up (or the hub shuts the socket down), discarding
    /// anything sent: what a subscription's thread does between pushes.
    func waitForHangUp() {
        var chunk = [UInt8](repeating: 0, count: 512)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
        }
    }
}
