import CLinuxEvents
import Glibc

/// A detached POSIX thread running a closure, without Foundation (its `Thread` pulls in libdispatch).
package enum SystemThread {
    package static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Syscall.Errno? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        // The retain is handed to the new thread, which takes it back; if none starts, it is given back here.
        let start = Unmanaged.passRetained(Start {
            // The kernel refuses a name of 16 bytes or more, terminator included.
            _ = venued_name_this_thread(name.utf8.prefix(15).map { CChar(bitPattern: $0) } + [0])
            body()
        })
        var thread = pthread_t()
        let result = pthread_create(&thread, &attributes, { argument in
            if let argument { Unmanaged<Start>.fromOpaque(argument).takeRetainedValue().body() }
            return nil
        }, start.toOpaque())
        if result != 0 { start.release() }
        return result == 0 ? nil : Syscall.Errno(result)
    }

    private final class Start: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
