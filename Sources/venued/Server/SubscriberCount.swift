import Synchronization

/// How many `subscribe` streams are open: set by the loop, read by `info` on a worker.
final class SubscriberCount: Sendable {
    private let value = Atomic<Int>(0)
    func set(_ count: Int) { value.store(count, ordering: .relaxed) }
    var current: Int { value.load(ordering: .relaxed) }
}
