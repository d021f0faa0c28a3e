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
    private struct Client {
        let fd: Int32
        let deadline: Double
        /// Order of arrival across processes: ties go to the client that waited longest.
        let arrival: Int
    }

    /// One process's waiting clients, in arrival order. A freed slot asks once per
    /// process, not once per client: a flood from one process is one entry here.
    private struct Line {
        let peer: Int32
        var clients: [Client]
    }

    let capacity: Int
    private var lines: [Line] = []
    private var count = 0
    private var arrivals = 0

    init(capacity: Int) { self.capacity = capacity }

    var isEmpty: Bool { count == 0 }
    /// Deadlines only grow with arrival, so each line's first is its earliest.
    var earliestDeadline: Double? { lines.compactMap { $0.clients.first?.deadline }.min() }

    var isFull: Bool { count >= capacity }

    /// Only while the room is not full.
    mutating func enter(_ fd: Int32, peer: Int32, until deadline: Double) {
        precondition(!isFull, "the loop enters a client only while the waiting room has space")
        let client = Client(fd: fd, deadline: deadline, arrival: arrivals)
        arrivals += 1
        count += 1
        if let index = lines.firstIndex(where: { $0.peer == peer }) {
            lines[index].clients.append(client)
        } else {
            lines.append(Line(peer: peer, clients: [client]))
        }
    }

    /// For a newcomer from process `peer` to a full room: takes out the newest client of
    /// the process holding the most connections (`slots` counts its request slots; its
    /// clients here count too) and returns its descriptor, to be refused; nil when
    /// `peer` holds as many as any other but one, and so the newcomer is the one refused.
    mutating func displace(for peer: Int32, slots: (Int32) -> Int) -> Int32? {
        let held = lines.map { slots($0.peer) + $0.clients.count }
        guard let top = held.indices.max(by: { held[$0] < held[$1] }),
              held[top] > (lines.firstIndex { $0.peer == peer }.map { held[$0] } ?? slots(peer)) + 1 else { return nil }
        return take(line: top, last: true)
    }

    /// The process of the client `next` would give a slot to.
    func nextPeer(slots: (Int32) -> Int) -> Int32? {
        line(slots: slots).map { lines[$0].peer }
    }

    /// The client (its descriptor and process) whose process holds the fewest slots
    /// (`slots` counts them), the one that has waited longest among those, for a slot
    /// that just freed.
    mutating func next(slots: (Int32) -> Int) -> (fd: Int32, peer: Int32)? {
        guard let index = line(slots: slots) else { return nil }
        let peer = lines[index].peer
        return (take(line: index, last: false), peer)
    }

    /// Takes out the clients whose wait ended by `now`, to be refused, in arrival order.
    mutating func expired(at now: Double) -> [Int32] {
        var ended: [Client] = []
        for index in lines.indices {
            let count = lines[index].clients.prefix { $0.deadline <= now }.count
            ended += lines[index].clients.prefix(count)
            lines[index].clients.removeFirst(count)
        }
        count -= ended.count
        lines.removeAll { $0.clients.isEmpty }
        return ended.sorted { $0.arrival < $1.arrival }.map(\.fd)
    }

    private func line(slots: (Int32) -> Int) -> Int? {
        var best: (index: Int, held: Int, arrival: Int)?
        for (index, line) in lines.enumerated() {
            let (held, arrival) = (slots(line.peer), line.clients.first?.arrival ?? .max)
            if best.map({ (held, arrival) < ($0.held, $0.arrival) }) ?? true { best = (index, held, arrival) }
        }
        return best?.index
    }

    private mutating func take(line index: Int, last: Bool) -> Int32 {
        let client = last ? lines[index].clients.removeLast() : lines[index].clients.removeFirst()
        if lines[index].clients.isEmpty { lines.remove(at: index) }
        count -= 1
        return client.fd
    }
}
