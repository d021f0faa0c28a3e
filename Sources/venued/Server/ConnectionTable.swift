/// The loop's open connections by descriptor; one is worked on in place by lending it, so changing it copies nothing.
struct ConnectionTable {
    private var byDescriptor: [Connection?] = [], tokens: [UInt64?] = []
    private var slotsByPeer: [(peer: Int32, slots: Int)] = [], lent: UInt64?, serial: UInt32 = 0
    private(set) var count = 0, subscribers = 0
    var requestSlotsTaken: Int { count - subscribers }

    /// A late report for a closed connection carries the old serial, and the descriptor may be reused.
    private func slot(of token: UInt64) -> Int? {
        let index = Int(Int32(bitPattern: UInt32(truncatingIfNeeded: token)))
        return index >= 0 && index < tokens.count && tokens[index] == token ? index : nil
    }

    func slots(of peer: Int32) -> Int { slotsByPeer.first { $0.peer == peer }?.slots ?? 0 }
    var all: [Connection] { byDescriptor.compactMap { $0 } }

    mutating func open(_ fd: Int32, peer: Int32, requestLimit: Int, now: Double) -> Connection? {
        guard fd >= 0, lent == nil else { return nil }
        serial &+= 1
        let token = UInt64(serial) << 32 | UInt64(UInt32(bitPattern: fd))
        let connection = Connection(fd: fd, peer: peer, lastActivity: now, token: token,
                                    input: RequestBuffer(limit: requestLimit))
        let index = Int(fd)
        if index >= tokens.count {
            byDescriptor += repeatElement(nil, count: index + 1 - byDescriptor.count)
            tokens += repeatElement(nil, count: index + 1 - tokens.count)
        }
        if tokens[index] != nil, let previous = byDescriptor[index] { remove(previous) }
        tokens[index] = connection.token
        lent = connection.token
        count += 1
        if let held = slotsByPeer.firstIndex(where: { $0.peer == peer }) {
            slotsByPeer[held].slots += 1
        } else { slotsByPeer.append((peer, 1)) }
        return connection
    }

    mutating func lend(_ token: UInt64) -> Connection? {
        guard lent == nil, let index = slot(of: token) else { return nil }
        lent = token
        return byDescriptor[index].take()
    }

    mutating func giveBack(_ connection: consuming Connection) {
        guard lent == connection.token else { return }
        lent = nil
        byDescriptor[Int(connection.fd)] = connection
    }

    mutating func subscribe(_ connection: inout Connection) {
        guard !connection.isSubscribed, lent == connection.token else { return }
        connection.phase = .subscribed
        subscribers += 1
        release(slotOf: connection.peer)
    }

    mutating func remove(_ connection: Connection) {
        guard let index = slot(of: connection.token) else { return }
        if lent == connection.token { lent = nil } else { byDescriptor[index] = nil }
        tokens[index] = nil
        count -= 1
        if connection.isSubscribed { subscribers -= 1 } else { release(slotOf: connection.peer) }
    }

    private mutating func release(slotOf peer: Int32) {
        guard let index = slotsByPeer.firstIndex(where: { $0.peer == peer }) else { return }
        slotsByPeer[index].slots -= 1
        if slotsByPeer[index].slots == 0 { slotsByPeer.remove(at: index) }
    }
}

/// A value rather than an object: a request costs no allocation, reference counting or exclusivity check.
struct Connection {
    enum Phase: Equatable {
        case reading, writing
        /// Its answer is computed on another thread (`Handoff`); a hang-up still ends it and frees its slot.
        case handedOff
        case subscribed, closed
    }

    let fd: Int32, peer: Int32
    var lastActivity: Double
    let token: UInt64
    var phase = Phase.reading, input: RequestBuffer, pending: [UInt8] = []
    var deadline: Double?
    var requests = 0
    var isSubscribed: Bool { phase == .subscribed }
    var peerClosed = false, closeAfterAnswer = false, interest: UInt32?, awaitingProbe = false
    /// Its first read was one whole request: it is closed once that is answered, unless the request says `more`.
    /// venued closing first spares the loop the read that would find the client gone, and the sockets' teardown.
    var singleRequest = false
    /// Its probe found nothing: it is registered whenever it waits to read, unless bytes come first.
    var quietAtProbe = false
    /// Nothing while unanswered requests fill the input buffer (back-pressure).
    var wantedInterest: UInt32? {
        switch phase {
        case .reading: return input.room > 0 ? Epoll.input : nil
        case .subscribed: return Epoll.input
        case .writing: return Epoll.output
        case .handedOff: return Epoll.hangUpOnly
        case .closed: return nil
        }
    }
}
