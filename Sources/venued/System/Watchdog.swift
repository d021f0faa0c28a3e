import CLinuxEvents
import Glibc

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
