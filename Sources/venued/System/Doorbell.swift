import CLinuxEvents
import VenuedSystem
import Glibc

/// An eventfd one thread rings and another waits on beside its other descriptors (in
/// epoll, or with a `WallTimer`): how work finished on a thread reaches a loop that
/// sleeps in the kernel, with no thread polling and no lost wake-up (rings add up
/// until the waiter drains them).
final class Doorbell: Sendable {
    let fd: Int32

    /// Nil (errno set) when the kernel refuses an eventfd.
    init?() {
        fd = eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK))
        guard fd >= 0 else { return nil }
    }

    deinit { close(fd) }

    func ring() {
        var one: UInt64 = 1
        _ = Syscall.io { write(fd, &one, MemoryLayout<UInt64>.size) }
    }

    /// Resets it, so the waiter sleeps again until the next ring.
    func drain() {
        var count: UInt64 = 0
        _ = Syscall.io { read(fd, &count, MemoryLayout<UInt64>.size) }
    }
}
