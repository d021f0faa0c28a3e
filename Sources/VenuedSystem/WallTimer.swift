import CLinuxEvents
import Glibc

/// A deadline on the wall clock that the kernel keeps honest: a CLOCK_REALTIME timerfd
/// armed with an absolute expiry and TFD_TIMER_CANCEL_ON_SET.
///
/// What a user sees changes at wall-clock instants (a venue closes at 4:30 PM), so the
/// waits that lead to it must be wall-clock deadlines, not durations: a relative sleep
/// overshoots by whatever it had left after a resume or a forward step, and sleeps
/// through a backward step. With this timer the kernel ends the wait at the instant
/// itself whatever happens to the clock meanwhile (a suspend included), and tells us
/// when the clock was set (NTP, a manual change, a VM restored from a snapshot) so the
/// caller recomputes what is due. Linux added the flag for exactly this: "a clock
/// applet that displays a stale time"; systemd's calendar timers use it.
///
/// The descriptor is meant to sit in a poll or epoll set beside others.
package final class WallTimer: Sendable {
    /// What reading the timer found.
    package enum Reading: Equatable, Sendable {
        /// The deadline passed.
        case expired
        /// The wall clock was set (or the system resumed): deadlines must be recomputed.
        case clockChanged
        /// Neither yet.
        case pending
    }

    /// Why `wait` returned.
    package enum Wake: Equatable, Sendable {
        case deadline
        case clockChanged
        /// The other descriptor reported these poll events.
        case other(events: Int16)
    }

    package let fd: Int32
    /// Seconds between the kernel's clock and the caller's (`WallClock.offset`): a
    /// deadline at caller time `t` is armed at kernel time `t - offset`.
    private let offset: Int

    /// Nil (errno set) when the kernel refuses a timerfd.
    package init?(offset: Int = 0) {
        fd = venued_wall_timer_create()
        guard fd >= 0 else { return nil }
        self.offset = offset
    }

    deinit { close(fd) }

    /// Expires at `seconds` since the epoch on the caller's clock; an instant already
    /// past expires at once. The far future (`.infinity`, or past 9999) still arms the
    /// timer, so that a setting of the clock is reported even when nothing is due.
    package func arm(at seconds: Double) {
        let real = seconds - Double(offset)
        // 253402300799 is 9999-12-31T23:59:59Z: any later deadline is "never", and the
        // clamp keeps the conversion to whole seconds in range.
        let bounded = real.isNaN ? 1 : min(max(real, 1), 253_402_300_799)
        let whole = bounded.rounded(.down)
        let nanoseconds = min(max((bounded - whole) * 1e9, 0), 999_999_999)
        _ = venued_wall_timer_arm(fd, Int64(whole), Int(nanoseconds))
    }

    /// What has happened since the timer was armed; consumes it. After `.expired` or
    /// `.clockChanged` the caller arms the timer again for its next deadline.
    package func read() -> Reading {
        var expirations: UInt64 = 0
        switch Syscall.io({ Glibc.read(fd, &expirations, MemoryLayout<UInt64>.size) }) {
        case .processed: return .expired
        case .wouldBlock: return .pending
        case .failed(let error) where error.code == ECANCELED: return .clockChanged
        // A failure the kernel never reports for a timerfd: taken as a setting of the
        // clock, so the caller recomputes and arms again rather than waiting on a timer
        // that cannot say it expired.
        case .failed: return .clockChanged
        }
    }

    /// Blocks until `deadline` (caller's seconds since the epoch, `.infinity` for none),
    /// until the clock is set, or until `other` reports an event, whichever comes first.
    package func wait(until deadline: Double, watching other: pollfd? = nil) -> Wake {
        switch wait(until: deadline, watching: other.map { [$0] } ?? []) {
        case .others(let events): return .other(events: events.first ?? 0)
        case .deadline: return .deadline
        case .clockChanged: return .clockChanged
        }
    }

    /// What `wait(until:watchingAll:)` woke for.
    package enum Wakes: Equatable, Sendable {
        case deadline
        case clockChanged
        /// The events each of the other descriptors reported, in their order (0: none).
        case others([Int16])
    }

    /// The same with several other descriptors (`venuectl notify` waits on venued's
    /// stream and the session bus at once).
    package func wait(until deadline: Double, watching others: [pollfd]) -> Wakes {
        arm(at: deadline)
        while true {
            var descriptors = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
                + others.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
            let ready = Syscall.retrying { descriptors.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), -1) } }
            // poll cannot fail on valid descriptors but for lack of memory: treat it as the
            // clock having changed, so the caller recomputes and waits again.
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
