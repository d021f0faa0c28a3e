import CLinuxEvents
import Glibc
import VenuedSystem

/// sd_notify without libsystemd: one datagram of `KEY=value` lines to `$NOTIFY_SOCKET` (a path or abstract `@name`).
struct Notifier: Sendable {
    let socketPath: String?
    init(environment: [String: String]) { socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 } }

    func send(_ fields: [String]) {
        guard let path = socketPath, var address = UnixAddress(path) else { return }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let message = Array((fields.joined(separator: "\n") + "\n").utf8)
        _ = message.withUnsafeBytes { bytes in
            address.withSockaddr { sendto(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), $0, $1) }
        }
    }

    static func monotonicMicroseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1_000_000 + now.tv_nsec / 1000
    }
}

/// systemd's watchdog as a beat in the loop (a timerfd at half of `WATCHDOG_USEC`), so the ping comes from the thread
/// it vouches for: a loop wedged in a call stops pinging, and systemd restarts venued.
struct Watchdog {
    let fd: Int32

    init?(environment: [String: String]) {
        guard let usec = environment["WATCHDOG_USEC"].flatMap(Int.init), usec > 0 else { return nil }
        if let pid = environment["WATCHDOG_PID"].flatMap(Int32.init), pid != getpid() { return nil }
        let beat = venued_interval_timer(Int64(max(usec / 2, 1000)))
        guard beat >= 0 else { return nil }
        fd = beat
    }

    func drain() {
        var count: UInt64 = 0
        _ = read(fd, &count, MemoryLayout<UInt64>.size)
    }
}
