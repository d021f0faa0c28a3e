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
///
/// Under load most requests pass through here (a client that reconnects at once finds
/// its previous connection still holding a slot), so entering and leaving must not
/// shift or allocate: the clients sit in a pool of `capacity` places, allocated once and
/// reused, each process's line a chain through it from oldest to newest. Taking the
/// oldest or the newest of a line moves nothing else.
struct WaitingRoom {
    private struct Client {
        let fd: Int32
        let deadline: Double
        /// Order of arrival across processes: ties go to the client that waited longest.
        let arrival: Int
        /// The places of the line's next newer and next older client.
        var newer: Int?
        var older: Int?

        /// What a free place holds: no line links to it.
        static let vacant = Client(fd: -1, deadline: .infinity, arrival: .max, newer: nil, older: nil)
    }

    /// One process's waiting clients, in arrival order: its oldest and newest place in
    /// the pool. A freed slot asks once per process, not once per client: a flood from
    /// one process is one entry here.
    private struct Line {
        let peer: Int32
        var oldest: Int
        var newest: Int
        var count: Int
    }

    /// Who `admit` would let in, as `next` chose it: good until the room or the slots
    /// held change, so the loop uses it at once.
    struct Choice {
        let peer: Int32
        fileprivate let line: Int
    }

    let capacity: Int
    /// Places a waiting client takes, and those free to take (a stack: the last freed is
    /// reused first, while it is still in the cache). A place no line links to holds
    /// `Client.vacant`; `vacate` unlinks a place before it empties it.
    private var pool: [Client]
    private var vacant: [Int]
    /// In order of their processes' first client since each line was last empty:
    /// `displace` breaks ties by this order.
    private var lines: [Line] = []
    private var count = 0
    private var arrivals = 0

    init(capacity: Int) {
        self.capacity = capacity
        pool = Array(repeating: Client.vacant, count: capacity)
        vacant = Array((0..<capacity).reversed())
    }

    var isEmpty: Bool { count == 0 }

    /// Deadlines only grow with arrival, so each line's oldest is its earliest.
    var earliestDeadline: Double? {
        var earliest: Double?
        for line in lines {
            let deadline = pool[line.oldest].deadline
            if earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        }
        return earliest
    }

    var isFull: Bool { count >= capacity }

    /// Only while the room is not full.
    mutating func enter(_ fd: Int32, peer: Int32, until deadline: Double) {
        precondition(!isFull, "the loop enters a client only while the waiting room has space")
        guard let place = vacant.popLast() else { return }
        let line = lines.firstIndex { $0.peer == peer }
        pool[place] = Client(fd: fd, deadline: deadline, arrival: arrivals, newer: nil, older: line.map { lines[$0].newest })
        arrivals += 1
        count += 1
        if let line {
            pool[lines[line].newest].newer = place
            lines[line].newest = place
            lines[line].count += 1
        } else {
            lines.append(Line(peer: peer, oldest: place, newest: place, count: 1))
        }
    }

    /// For a newcomer from process `peer` to a full room: takes out the newest client of
    /// the process holding the most connections (`slots` counts its request slots; its
    /// clients here count too) and returns its descriptor, to be refused; nil when
    /// `peer` holds as many as any other but one, and so the newcomer is the one refused.
    mutating func displace(for peer: Int32, slots: (Int32) -> Int) -> Int32? {
        var top: (line: Int, held: Int)?
        var newcomerHeld: Int?
        for (index, line) in lines.enumerated() {
            let held = slots(line.peer) + line.count
            // The first of equals: the line that has been here longest.
            if top.map({ held > $0.held }) ?? true { top = (index, held) }
            if line.peer == peer { newcomerHeld = held }
        }
        guard let top, top.held > (newcomerHeld ?? slots(peer)) + 1 else { return nil }
        return takeNewest(line: top.line)
    }

    /// The client whose process holds the fewest slots (`slots` counts them), the one
    /// that has waited longest among those, for a slot that frees; nil when none waits.
    /// Costs nothing while the room is empty.
    func next(slots: (Int32) -> Int) -> Choice? {
        guard !isEmpty else { return nil }
        var best: (line: Int, held: Int, arrival: Int)?
        for (index, line) in lines.enumerated() {
            let (held, arrival) = (slots(line.peer), pool[line.oldest].arrival)
            if best.map({ (held, arrival) < ($0.held, $0.arrival) }) ?? true { best = (index, held, arrival) }
        }
        return best.map { Choice(peer: lines[$0.line].peer, line: $0.line) }
    }

    /// Takes out the client `choice` names, to give it a slot; returns its descriptor.
    mutating func admit(_ choice: Choice) -> Int32 {
        takeOldest(line: choice.line)
    }

    /// Takes out the clients whose wait ended by `now`, to be refused, in arrival order.
    mutating func expired(at now: Double) -> [Int32] {
        guard !isEmpty else { return [] }
        var ended: [(arrival: Int, fd: Int32)] = []
        var index = 0
        while index < lines.count {
            let oldest = pool[lines[index].oldest]
            guard oldest.deadline <= now else {
                index += 1
                continue
            }
            ended.append((oldest.arrival, oldest.fd))
            // The line's next oldest comes to its head, or the line goes and the next one
            // moves to `index`: either way, look at `index` again.
            _ = takeOldest(line: index)
        }
        return ended.sorted { $0.arrival < $1.arrival }.map(\.fd)
    }

    private mutating func takeOldest(line index: Int) -> Int32 {
        let place = lines[index].oldest
        let client = pool[place]
        if let newer = client.newer {
            pool[newer].older = nil
            lines[index].oldest = newer
        }
        return vacate(place, of: index, fd: client.fd)
    }

    private mutating func takeNewest(line index: Int) -> Int32 {
        let place = lines[index].newest
        let client = pool[place]
        if let older = client.older {
            pool[older].newer = nil
            lines[index].newest = older
        }
        return vacate(place, of: index, fd: client.fd)
    }

    /// Frees `place`, already unlinked from line `index` unless it was its last client,
    /// and drops the line when it is empty.
    private mutating func vacate(_ place: Int, of index: Int, fd: Int32) -> Int32 {
        pool[place] = .vacant
        vacant.append(place)
        count -= 1
        lines[index].count -= 1
        if lines[index].count == 0 { lines.remove(at: index) }
        return fd
    }
}
