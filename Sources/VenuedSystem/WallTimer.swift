import CLinuxEvents
import Glibc

/// A CLOCK_REALTIME timerfd armed absolute with TFD_TIMER_CANCEL_ON_SET: a relative sleep overshoots after a resume or
/// a clock step; this ends at the wall-clock instant itself and reports a clock setting, to recompute what is due.
package final class WallTimer: Sendable {
    package enum Reading: Equatable, Sendable { case expired, clockChanged, pending }
    package enum Wake: Equatable, Sendable { case deadline, clockChanged, other(events: Int16) }
    package enum Wakes: Equatable, Sendable { case deadline, clockChanged, others([Int16]) }

    package let fd: Int32
    private let offset: Int

    package init?(offset: Int = 0) {
        fd = venued_wall_timer_create()
        guard fd >= 0 else { return nil }
        self.offset = offset
    }

    deinit { close(fd) }

    /// The far future still arms it, so a setting of the clock is reported even when nothing is due.
    package func arm(at seconds: Double) {
        let real = seconds - Double(offset)
        // 253402300799 is 9999-12-31T23:59:59Z: later is "never", and the clamp keeps the conversion in range.
        let bounded = real.isNaN ? 1 : min(max(real, 1), 253_402_300_799)
        let whole = bounded.rounded(.down)
        let nanoseconds = min(max((bounded - whole) * 1e9, 0), 999_999_999)
        _ = venued_wall_timer_arm(fd, Int64(whole), Int(nanoseconds))
    }

    package func read() -> Reading {
        var expirations: UInt64 = 0
        switch Syscall.io({ Glibc.read(fd, &expirations, MemoryLayout<UInt64>.size) }) {
        case .processed: return .expired
        case .wouldBlock: return .pending
        // ECANCELED is a clock change; nothing else is reported for a timerfd, so it too is taken as one and re-armed.
        case .failed: return .clockChanged
        }
    }

    package func wait(until deadline: Double, watching other: pollfd? = nil) -> Wake {
        switch wait(until: deadline, watching: other.map { [$0] } ?? []) {
        case .others(let events): .other(events: events.first ?? 0)
        case .deadline: .deadline
        case .clockChanged: .clockChanged
        }
    }

    package func wait(until deadline: Double, watching others: [pollfd]) -> Wakes {
        arm(at: deadline)
        while true {
            var descriptors = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
                + others.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
            let ready = Syscall.retrying { descriptors.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), -1) } }
            // poll fails on valid descriptors only for lack of memory: the caller recomputes and waits again.
            if ready < 0 { return .clockChanged }
            let events = descriptors.dropFirst().map(\.revents)
            if events.contains(where: { $0 != 0 }) { return .others(Array(events)) }
            switch read() {
            case .expired: return .deadline
            case .clockChanged: return .clockChanged
            case .pending: continue
            }
        }
    }
}
