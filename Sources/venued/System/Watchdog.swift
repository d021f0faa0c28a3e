import CLinuxEvents
import Glibc

/// systemd's watchdog as a beat in the loop: a CLOCK_MONOTONIC timerfd in the epoll set
/// that expires every half of `WATCHDOG_USEC`, and the loop sends `WATCHDOG=1` when it
/// reads it. So the ping comes from the thread it vouches for: a loop wedged in a call
/// (a bug, a file system that stopped answering) stops pinging, and systemd restarts
/// venued one watchdog period later. No thread of its own, and an idle venued wakes no
/// more often than the watchdog needs.
struct Watchdog {
    let fd: Int32

    /// Nil when systemd asked for no watchdog (no `WATCHDOG_USEC`, or a `WATCHDOG_PID`
    /// naming another process), or when the kernel refuses a timerfd.
    init?(environment: [String: String]) {
        guard let usec = environment["WATCHDOG_USEC"].flatMap(Int.init), usec > 0 else { return nil }
        if let pid = environment["WATCHDOG_PID"].flatMap(Int32.init), pid != getpid() { return nil }
        let beat = venued_interval_timer(Int64(max(usec / 2, 1000)))
        guard beat >= 0 else { return nil }
        fd = beat
    }

    /// Reads the expirations, so the descriptor is quiet until the next beat.
    func drain() {
        var count: UInt64 = 0
        _ = read(fd, &count, MemoryLayout<UInt64>.size)
    }
}
