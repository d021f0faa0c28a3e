/// The clients that connected while every slot was taken. Each waits up to its
/// deadline for a slot, first come first served, then is refused with a `busy` line;
/// a client that reconnects at once would otherwise race the end of its previous
/// connection. At most `capacity` wait (each holds a descriptor); beyond that a client
/// is refused at once. Pure bookkeeping: the loop does the I/O.
struct WaitingRoom {
    let capacity: Int
    private var queue: [(fd: Int32, deadline: Double)] = []

    init(capacity: Int) { self.capacity = capacity }

    var isEmpty: Bool { queue.isEmpty }
    /// Deadlines only grow along the queue, so the first is the earliest.
    var earliestDeadline: Double? { queue.first?.deadline }

    /// False when the room is full: refuse `fd` now.
    mutating func enter(_ fd: Int32, until deadline: Double) -> Bool {
        guard queue.count < capacity else { return false }
        queue.append((fd, deadline))
        return true
    }

    /// The client that has waited longest, for a slot that just freed.
    mutating func next() -> Int32? {
        queue.isEmpty ? nil : queue.removeFirst().fd
    }

    /// Takes out the clients whose wait ended by `now`, to be refused.
    mutating func expired(at now: Double) -> [Int32] {
        let count = queue.prefix { $0.deadline <= now }.count
        defer { queue.removeFirst(count) }
        return queue.prefix(count).map(\.fd)
    }
}
