/// The clients that connected while every slot was taken. Each waits up to its
/// deadline for a slot, first come first served, then is refused with a `busy` line;
/// a client that reconnects at once would otherwise race the end of its previous
/// connection. At most `capacity` wait here (each holds a descriptor); while the room
/// is full the loop stops accepting, so later clients wait in the listening socket's
/// queue for their turn. Pure bookkeeping: the loop does the I/O.
struct WaitingRoom {
    let capacity: Int
    private var queue: [(fd: Int32, peer: Int32, deadline: Double)] = []

    init(capacity: Int) { self.capacity = capacity }

    var isEmpty: Bool { queue.isEmpty }
    /// Deadlines only grow along the queue, so the first is the earliest.
    var earliestDeadline: Double? { queue.first?.deadline }

    var isFull: Bool { queue.count >= capacity }

    /// Only while the room is not full.
    mutating func enter(_ fd: Int32, peer: Int32, until deadline: Double) {
        precondition(!isFull, "the loop accepts only while the waiting room has space")
        queue.append((fd, peer, deadline))
    }

    /// The client that has waited longest (its descriptor and process), for a slot that just freed.
    mutating func next() -> (fd: Int32, peer: Int32)? {
        guard !queue.isEmpty else { return nil }
        let first = queue.removeFirst()
        return (first.fd, first.peer)
    }

    /// Takes out the clients whose wait ended by `now`, to be refused.
    mutating func expired(at now: Double) -> [Int32] {
        let count = queue.prefix { $0.deadline <= now }.count
        defer { queue.removeFirst(count) }
        return queue.prefix(count).map(\.fd)
    }
}
