import Glibc

/// A counting semaphore on glibc's `sem_t`, for threads that sleep until there is work, without libdispatch.
package final class Semaphore: @unchecked Sendable {
    // @unchecked: a sem_t is made for sharing between threads; it stays at one address (a sem_t must never move).
    private let semaphore: UnsafeMutablePointer<sem_t>

    package init(value: UInt32 = 0) {
        semaphore = .allocate(capacity: 1)
        // Fails only for a value above SEM_VALUE_MAX.
        precondition(sem_init(semaphore, 0, value) == 0, "sem_init: \(Syscall.Errno(errno))")
    }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    package func signal() { sem_post(semaphore) }
    package func wait() { _ = Syscall.retrying { sem_wait(semaphore) } }
}
