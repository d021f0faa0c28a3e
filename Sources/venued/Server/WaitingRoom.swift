/// The clients that connected while every slot was taken. Each waits up to its
/// deadline for a slot, then is refused with a `busy` line. A freed slot goes to the
/// client whose process holds the fewest slots, the one that waited longest among them:
/// a process that opens hundreds of connections cannot make another wait behind them;
/// a client that reconnects at once would otherwise race the end of its previous
/// connection. At most `capacity` wait here (each holds a descriptor). A newcomer to a
/// full room takes the place of the newest client of the process holding the most
/// connections, when that is not its own (`displace`); else it is refused: so a process
/// that floods connections gets `busy` for the surplus, and no one waits in the
/// listening socket's queue behind it. Pure bookkeeping: the loop does the I/O.
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
        precondition(!isFull, "the loop enters a client only while the waiting room has space")
        queue.append((fd, peer, deadline))
    }

    /// For a newcomer from process `peer` to a full room: takes out the newest client of
    /// the process holding the most connections (`slots` counts its request slots; its
    /// clients here count too) and returns its descriptor, to be refused; nil when
    /// `peer` holds as many as any other but one, and so the newcomer is the one refused.
    mutating func displace(for peer: Int32, slots: (Int32) -> Int) -> Int32? {
        var held: [Int32: Int] = [:]
        for client in queue { held[client.peer, default: slots(client.peer)] += 1 }
        guard let (top, most) = held.max(by: { $0.value < $1.value }),
              most > (held[peer] ?? slots(peer)) + 1,
              let index = queue.lastIndex(where: { $0.peer == top }) else { return nil }
        return queue.remove(at: index).fd
    }

    /// The process of the client `next` would give a slot to.
    func nextPeer(slots: (Int32) -> Int) -> Int32? {
        index(slots: slots).map { queue[$0].peer }
    }

    /// The client (its descriptor and process) whose process holds the fewest slots
    /// (`slots` counts them), the one that has waited longest among those, for a slot
    /// that just freed.
    mutating func next(slots: (Int32) -> Int) -> (fd: Int32, peer: Int32)? {
        guard let index = index(slots: slots) else { return nil }
        let chosen = queue.remove(at: index)
        return (chosen.fd, chosen.peer)
    }

    private func index(slots: (Int32) -> Int) -> Int? {
        // The queue is in arrival order, so the first of the least is the oldest. Clients
        // of one process come in runs: a run costs one question.
        var best: (index: Int, slots: Int)?
        var last: (peer: Int32, slots: Int)?
        for (index, client) in queue.enumerated() {
            let held: Int
            if let last, last.peer == client.peer {
                held = last.slots
            } else {
                held = slots(client.peer)
                last = (client.peer, held)
            }
            if held < best?.slots ?? .max { best = (index, held) }
        }
        return best?.index
    }

    /// Takes out the clients whose wait ended by `now`, to be refused.
    mutating func expired(at now: Double) -> [Int32] {
        let count = queue.prefix { $0.deadline <= now }.count
        defer { queue.removeFirst(count) }
        return queue.prefix(count).map(\.fd)
    }
}
