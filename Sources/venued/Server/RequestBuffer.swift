/// A client's unanswered bytes, cut into lines from a moving start, so many short requests cost linear time.
struct RequestBuffer {
    enum Next: Equatable { case line([UInt8]), incomplete, tooLong }

    let limit: Int, capacity: Int
    private var bytes: [UInt8] = [], start = 0

    /// `capacity` must exceed `limit` by a line and its newline, or a full buffer could prove nothing.
    init(limit: Int, capacity: Int? = nil) {
        self.limit = limit
        self.capacity = max(capacity ?? 4 * limit, limit + 2)
    }

    var hasPartialRequest: Bool { start < bytes.count }
    var hasCompleteLine: Bool { bytes[start...].contains(UInt8(ascii: "\n")) }
    var room: Int { capacity - (bytes.count - start) }

    mutating func append(_ chunk: UnsafeRawBufferPointer) {
        if start > 0 && bytes.count + chunk.count > capacity {
            bytes.removeSubrange(..<start)
            start = 0
        }
        bytes.append(contentsOf: chunk.prefix(room))
    }

    mutating func next() -> Next {
        guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
            return bytes.count - start > limit ? .tooLong : .incomplete
        }
        guard newline - start <= limit else { return .tooLong }
        let line = Array(bytes[start..<newline])
        start = newline + 1
        if start == bytes.count { discard() }
        return .line(line)
    }

    /// After the client closed its side: a last request without its newline (`printf ... | nc -U`) still counts.
    mutating func finish() -> Next {
        guard hasPartialRequest else { return .incomplete }
        defer { discard() }
        return bytes.count - start > limit ? .tooLong : .line(Array(bytes[start...]))
    }

    /// Drops everything and gives the storage back: an idle connection holds no memory.
    mutating func discard() { (bytes, start) = ([], 0) }
}
