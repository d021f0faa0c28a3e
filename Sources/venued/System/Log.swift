import DiningHours
import Glibc
import Synchronization
import VenuedSystem

enum LogLevel: String, Sendable, Comparable {
    case debug, info, warning, error

    /// The syslog priority journald reads from a `<N>` line prefix.
    var priority: Int {
        switch self {
        case .debug: return 7
        case .info: return 6
        case .warning: return 4
        case .error: return 3
        }
    }

    static func < (a: LogLevel, b: LogLevel) -> Bool { a.priority > b.priority }
}

/// One line per event on stderr. Under systemd (JOURNAL_STREAM set) each line starts
/// with its syslog priority, `<4>`, and no name or time, which the journal adds itself.
/// Messages quote what others sent (an upstream's error page, a URL, a client's
/// request), so each is cleaned as one line (`UntrustedText`): an entry is one line,
/// and `journalctl` or a `tail -f` shows no escape sequence it was handed.
final class Log: Sendable {
    private let journal: Bool
    private let threshold: Mutex<LogLevel>

    init(environment: [String: String], level: LogLevel) {
        journal = environment["JOURNAL_STREAM"].map { !$0.isEmpty } ?? false
        threshold = Mutex(level)
    }

    func setLevel(_ level: LogLevel) { threshold.withLock { $0 = level } }

    func debug(_ message: String) { write(.debug, message) }
    func info(_ message: String) { write(.info, message) }
    func warning(_ message: String) { write(.warning, message) }
    func error(_ message: String) { write(.error, message) }

    private func write(_ level: LogLevel, _ message: String) {
        guard level >= threshold.withLock({ $0 }) else { return }
        let flat = UntrustedText.singleLine(message)
        let line = journal ? "<\(level.priority)>\(flat)\n" : "venued: \(level.rawValue): \(flat)\n"
        _ = Array(line.utf8).withUnsafeBytes { Syscall.writeAll(2, $0) }
    }
}
