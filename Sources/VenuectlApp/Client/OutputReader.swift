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
}
