import DiningHours
import Glibc
import VenuedSystem

enum LogLevel: String, Sendable, Comparable {
    case debug, info, warning, error

    /// syslog's numbers, which journald reads from the `<N>` prefix.
    var priority: Int {
        switch self {
        case .debug: 7
        case .info: 6
        case .warning: 4
        case .error: 3
        }
    }

    static func < (a: LogLevel, b: LogLevel) -> Bool { a.priority > b.priority }
}

/// One line per event on stderr, never written in a way that can stop the loop: lines wait in a bounded queue and are
/// written without waiting, so a reader that stopped costs lines, never the loop.
final class Log {
    static let queueLimit = 256
    var level: LogLevel
    private let journal: Bool
    private let sink: StderrSink
    private var queue: [[UInt8]] = []
    private var written = 0
    private var dropped = 0

    init(environment: [String: String], level: LogLevel, sink: StderrSink = StderrSink()) {
        journal = environment["JOURNAL_STREAM"].map { !$0.isEmpty } ?? false
        self.level = level
        self.sink = sink
    }

    var watchable: Int32? { sink.pollable }
    var isWaiting: Bool { !queue.isEmpty }
    func debug(_ message: String) { add(.debug, message) }
    func info(_ message: String) { add(.info, message) }
    func warning(_ message: String) { add(.warning, message) }
    func error(_ message: String) { add(.error, message) }

    func add(_ lineLevel: LogLevel, _ message: String) {
        guard lineLevel >= level else { return }
        guard queue.count < Self.queueLimit else { dropped += 1; return }
        queue.append(line(lineLevel, message))
        flush()
    }

    func flush() {
        while let first = queue.first {
            let count = first.withUnsafeBytes { sink.write(UnsafeRawBufferPointer(rebasing: $0[written...])) }
            guard count > 0 else { return }
            written += count
            guard written == first.count else { return }
            queue.removeFirst()
            written = 0
            if queue.isEmpty && dropped > 0 {
                let count = dropped
                dropped = 0
                queue.append(line(.warning, "\(count) log line\(count == 1 ? " was" : "s were") dropped: stderr was not taking them"))
            }
        }
    }

    private func line(_ level: LogLevel, _ message: String) -> [UInt8] {
        let flat = UntrustedText.singleLine(message)
        return Array((journal ? "<\(level.priority)>\(flat)\n" : "venued: \(level.rawValue): \(flat)\n").utf8)
    }
}

/// stderr, written without waiting and without O_NONBLOCK on a description others share (a shell's terminal, a journal
/// stream): a socket takes MSG_DONTWAIT per send; a pipe or terminal is reopened via /proc/self/fd as venued's own.
struct StderrSink {
    private enum Kind { case socket, reopened(Int32), plain }
    private let kind: Kind

    init(fd: Int32 = 2) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { kind = .plain; return }
        switch info.st_mode & S_IFMT {
        case S_IFSOCK: kind = .socket
        case S_IFIFO, S_IFCHR:
            let own = open("/proc/self/fd/\(fd)", O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
            kind = own >= 0 ? .reopened(own) : .plain
        default: kind = .plain
        }
    }

    var pollable: Int32? {
        switch kind {
        case .socket: 2
        case .reopened(let fd): fd
        case .plain: nil
        }
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> Int {
        let result = switch kind {
        case .socket: Syscall.io { send(2, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
        case .reopened(let fd): Syscall.io { Glibc.write(fd, bytes.baseAddress, bytes.count) }
        case .plain: Syscall.io { Glibc.write(2, bytes.baseAddress, bytes.count) }
        }
        guard case .processed(let count) = result else { return 0 }
        return count
    }
}
