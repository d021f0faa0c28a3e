import CLinuxEvents

/// An epoll(7) instance, level-triggered, so a handler may read once per report and leave the rest.
struct Epoll: Sendable {
    struct Event {
        let token: UInt64, flags: UInt32
        var readable: Bool { flags & (EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 }
        var writable: Bool { flags & (EPOLLOUT.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 }
        var hungUp: Bool { flags & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 }
    }

    static let input = EPOLLIN.rawValue, output = EPOLLOUT.rawValue
    /// No events asked for: epoll still reports EPOLLHUP and EPOLLERR.
    static let hangUpOnly: UInt32 = 0, batch = 128
    let fd: Int32

    init?() {
        fd = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard fd >= 0 else { return nil }
    }

    @discardableResult
    func add(_ fd: Int32, _ flags: UInt32, token: UInt64) -> Bool { control(EPOLL_CTL_ADD, fd, flags, token) }
    @discardableResult
    func modify(_ fd: Int32, _ flags: UInt32, token: UInt64) -> Bool { control(EPOLL_CTL_MOD, fd, flags, token) }
    func remove(_ fd: Int32) { _ = control(EPOLL_CTL_DEL, fd, 0, 0) }

    /// `ready` is the caller's, kept from turn to turn: a temporary of this size would be allocated on the heap each time.
    func wait(milliseconds: Int32, into ready: UnsafeMutableBufferPointer<epoll_event>, _ body: (Event) -> Void) {
        let count = epoll_wait(fd, ready.baseAddress, Int32(ready.count), milliseconds)
        for i in 0..<max(0, Int(count)) { body(Event(token: ready[i].data.u64, flags: ready[i].events)) }
    }

    private func control(_ operation: Int32, _ descriptor: Int32, _ flags: UInt32, _ token: UInt64) -> Bool {
        var event = epoll_event(events: flags, data: epoll_data_t(u64: token))
        return epoll_ctl(fd, operation, descriptor, &event) == 0
    }
}
