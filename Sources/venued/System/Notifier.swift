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
