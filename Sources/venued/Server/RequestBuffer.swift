/// The bytes a client has sent and not yet had answered, cut into request lines under
/// a size cap. Pure bookkeeping, so the framing rules are tested without a socket.
struct RequestBuffer {
    enum Next: Equatable {
        case line([UInt8])
        /// No complete line yet.
        case incomplete
        /// A line, or the start of one, longer than the limit: not a request.
        case tooLong
    }

    let limit: Int
    private var bytes: [UInt8] = []

    init(limit: Int) { self.limit = limit }

    /// True when part of a request has arrived (what a timed-out client is told about).
    var hasPartialRequest: Bool { !bytes.isEmpty }

    mutating func append(_ chunk: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: chunk)
    }

    /// The next complete line, without its newline.
    mutating func next() -> Next {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
            return bytes.count > limit ? .tooLong : .incomplete
        }
        guard newline <= limit else { return .tooLong }
        let line = Array(bytes[..<newline])
        bytes.removeSubrange(...newline)
        return .line(line)
    }

    /// After the client closed its side and `next()` found no more lines: the last
    /// request without its newline (`printf ... | nc -U`) still counts; nothing left
    /// is `.incomplete`.
    mutating func finish() -> Next {
        guard !bytes.isEmpty else { return .incomplete }
        defer { bytes.removeAll() }
        return bytes.count > limit ? .tooLong : .line(bytes)
    }

    /// Drops everything: a subscriber's later input is not read as requests.
    mutating func discard() { bytes.removeAll() }
}
