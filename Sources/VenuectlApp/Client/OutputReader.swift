import Glibc
import VenuedSystem

/// stdout's reader, as `poll` sees it: a `watch` that waits for hours must notice when
/// its reader has gone (the status bar restarted, `head -c 1` read its byte) and exit,
/// instead of holding one of venued's subscriber slots until the next change.
///
/// No events are asked for, so only what poll always reports can wake it: POLLERR (a
/// pipe whose reading end is closed), POLLHUP (a terminal or socket that hung up),
/// POLLNVAL. A regular file or /dev/null reports none of these and never wakes it.
enum OutputReader {
    static func pollEntry() -> pollfd { pollfd(fd: STDOUT_FILENO, events: 0, revents: 0) }

    static func isGone(_ entry: pollfd) -> Bool {
        entry.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0
    }

    /// Sleeps `seconds` (clamped to an hour; interruptions by signals, such as SIGWINCH
    /// from a resized terminal, do not cut it short), or less when the reader goes:
    /// true then.
    static func sleep(_ seconds: Double) -> Bool {
        let seconds = seconds.isFinite ? min(max(seconds, 0), 3600) : 3600
        let deadline = Monotonic.seconds() + seconds
        while true {
            let remaining = deadline - Monotonic.seconds()
            guard remaining > 0 else { return false }
            var entry = pollEntry()
            let ready = poll(&entry, 1, Int32((remaining * 1000).rounded(.up)))
            if ready > 0 && isGone(entry) { return true }
            // EINTR, or a wake that was not the reader: go round with the time left.
        }
    }
}
