import Glibc

/// stdout's reader, as `poll` sees it: a `watch` that waits for hours must exit when its reader has gone, instead
/// of holding a subscriber slot. No events are asked for, so only POLLERR, POLLHUP or POLLNVAL wake it; a regular
/// file or /dev/null never does.
enum OutputReader {
    static func pollEntry() -> pollfd { pollfd(fd: STDOUT_FILENO, events: 0, revents: 0) }

    static func isGone(_ entry: pollfd) -> Bool {
        entry.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0
    }
}
