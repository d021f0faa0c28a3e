/// Clients waiting for a slot: a freed one goes to the longest-waiting client of the process holding the fewest.
struct WaitingRoom {
    private struct Client { let fd: Int32, deadline: Double, arrival: Int }

    private struct Line {
        let peer: Int32
        var clients: [Client]
        var head = 0
        var count: Int { clients.count - head }
        var oldest: Client { clients[head] }
        static let compactionFloor = 16

        /// Under load a line rarely empties: once the departed are as many as those waiting, they go in one move.
        mutating func takeOldest() -> Client {
            let client = clients[head]
            head += 1
            if head >= Self.compactionFloor && head * 2 >= clients.count {
                clients.removeSubrange(..<head)
                head = 0
            }
            return client
        }
    }

    struct Choice {
        let peer: Int32
        fileprivate let line: Int
    }

    let capacity: Int
    private var lines: [Line] = [], spare: [Client] = [], count = 0, arrivals = 0
    init(capacity: Int) { self.capacity = capacity }
    var isEmpty: Bool { count == 0 }
    var isFull: Bool { count >= capacity }

    /// Deadlines only grow with arrival, so each line's oldest is its earliest.
    var earliestDeadline: Double? { lines.lazy.map(\.oldest.deadline).min() }

    mutating func enter(_ fd: Int32, peer: Int32, until deadline: Double) {
        precondition(!isFull, "the loop enters a client only while the waiting room has space")
        let client = Client(fd: fd, deadline: deadline, arrival: arrivals)
        arrivals += 1
        count += 1
        if let index = lines.firstIndex(where: { $0.peer == peer }) {
            lines[index].clients.append(client)
        } else {
            // An emptied line's array, so that its growth is not paid again.
            spare.append(client)
            lines.append(Line(peer: peer, clients: spare))
            spare = []
        }
    }

    mutating func displace(for peer: Int32, slots: (Int32) -> Int) -> Int32? {
        var top: (line: Int, held: Int)?
        var newcomerHeld: Int?
        for (index, line) in lines.enumerated() {
            let held = slots(line.peer) + line.count
            if top.map({ held > $0.held }) ?? true { top = (index, held) }
            if line.peer == peer { newcomerHeld = held }
        }
        guard let top, top.held > (newcomerHeld ?? slots(peer)) + 1 else { return nil }
        return take(line: top.line, newest: true)
    }

    func next(slots: (Int32) -> Int) -> Choice? {
        guard !isEmpty else { return nil }
        var best: (line: Int, held: Int, arrival: Int)?
        for (index, line) in lines.enumerated() {
            let (held, arrival) = (slots(line.peer), line.oldest.arrival)
            if best.map({ (held, arrival) < ($0.held, $0.arrival) }) ?? true { best = (index, held, arrival) }
        }
        return best.map { Choice(peer: lines[$0.line].peer, line: $0.line) }
    }

    mutating func admit(_ choice: Choice) -> Int32 { take(line: choice.line) }

    mutating func expired(at now: Double) -> [Int32] {
        guard !isEmpty else { return [] }
        var ended: [(arrival: Int, fd: Int32)] = []
        var index = 0
        while index < lines.count {
            let oldest = lines[index].oldest
            if oldest.deadline <= now {
                ended.append((oldest.arrival, oldest.fd))
                _ = take(line: index)
            } else { index += 1 }
        }
        return ended.sorted { $0.arrival < $1.arrival }.map(\.fd)
    }

    private mutating func take(line index: Int, newest: Bool = false) -> Int32 {
        let client = newest ? lines[index].clients.removeLast() : lines[index].takeOldest()
        count -= 1
        if lines[index].count == 0 {
            spare = lines.remove(at: index).clients
            spare.removeAll(keepingCapacity: true)
        }
        return client.fd
    }
}
