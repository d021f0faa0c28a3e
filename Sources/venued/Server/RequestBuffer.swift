/// The bytes a client has sent and not yet had answered, cut into request lines under a size cap; pure
/// bookkeeping, so the framing is tested without a socket. Bounded by `capacity`: once that much waits, the
/// client is not read (`room` is 0) and the kernel's buffer, then the client's own `send`, take the
/// back-pressure. Lines are taken from a moving start, so many short requests cost linear time, not quadratic.
struct RequestBuffer {
    enum Next: Equatable {
        case line([UInt8])
        case incomplete
        /// A line, or the start of one, longer than the limit: not a request.
        case tooLong
    }

    let limit: Int
    let capacity: Int
    private var bytes: [UInt8] = []
    /// Where the first unanswered byte is.
    private var start = 0

    /// `capacity` must exceed `limit` (by a line and its newline at least), or a full
    /// buffer could hold neither a line nor enough to prove it too long.
    init(limit: Int, capacity: Int? = nil) {
        self.limit = limit
        self.capacity = max(capacity ?? 4 * limit, limit + 2)
    }

    /// True when part of a request has arrived (what a timed-out client is told about).
    var hasPartialRequest: Bool { start < bytes.count }

    /// True when a whole request waits for its answer: such a connection is not quiet.
    var hasCompleteLine: Bool { bytes[start...].contains(UInt8(ascii: "\n")) }

    /// How many more bytes may be read from the client now.
    var room: Int { capacity - (bytes.count - start) }

    /// Appends at most `room` bytes of `chunk` (the caller reads no more than that).
    mutating func append(_ chunk: UnsafeRawBufferPointer) {
        if start > 0 && bytes.count + chunk.count > capacity {
            bytes.removeSubrange(..<start)
            start = 0
        }
        bytes.append(contentsOf: chunk.prefix(room))
    }

    /// The next complete line, without its newline.
    mutating func next() -> Next {
        guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
            return bytes.count - start > limit ? .tooLong : .incomplete
        }
        guard newline - start <= limit else { return .tooLong }
        let line = Array(bytes[start..<newline])
        start = newline + 1
        if start == bytes.count { release() }
        return .line(line)
    }

    /// After the client closed its side and `next()` found no more lines: a last request without its newline
    /// (`printf ... | nc -U`) still counts; nothing left is `.incomplete`.
    mutating func finish() -> Next {
        guard hasPartialRequest else { return .incomplete }
        defer { release() }
        return bytes.count - start > limit ? .tooLong : .line(Array(bytes[start...]))
    }

    /// Drops everything: a subscriber's later input is not read as requests.
    mutating func discard() { release() }

    /// Empties the buffer and gives its storage back: an idle connection holds no memory.
    private mutating func release() {
        bytes = []
        start = 0
    }
}
