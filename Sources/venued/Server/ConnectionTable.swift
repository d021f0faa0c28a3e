/// The loop's open connections, subscribers included, found by descriptor, with the
/// request slots each process holds.
///
/// Why not a dictionary: every report, answer and close looks a connection up, and
/// admission asks how many slots a process holds once per waiting client per freed
/// slot. Descriptors are small numbers that the kernel hands out lowest-first, so an
/// array indexed by them needs no hashing, and the counts kept as connections open,
/// subscribe and close make each question a single lookup instead of a pass over
/// every connection. The counts are a short list rather than a dictionary: only
/// processes holding request slots are in it, at most `maxConnections` and most often
/// one or two, so a look along it costs less than hashing the process id.
struct ConnectionTable {
    private struct PeerSlots {
        let peer: Int32
        var slots: Int
    }

    private var byDescriptor: [Connection?] = []
    private var slotsByPeer: [PeerSlots] = []
    /// Open connections, subscribers included.
    private(set) var count = 0
    /// How many of them are subscriptions (they hold no request slot).
    private(set) var subscribers = 0

    /// Connections that hold request slots.
    var requestSlotsTaken: Int { count - subscribers }

    subscript(fd: Int32) -> Connection? {
        fd >= 0 && Int(fd) < byDescriptor.count ? byDescriptor[Int(fd)] : nil
    }

    /// The connection whose epoll token this is, if it is still open: a late report for
    /// a closed connection carries the old serial, and the descriptor may be reused.
    subscript(token token: UInt64) -> Connection? {
        guard let connection = self[Connection.descriptor(of: token)], connection.token == token else { return nil }
        return connection
    }

    /// Request slots held by process `peer`.
    func slots(of peer: Int32) -> Int { slotsByPeer.first { $0.peer == peer }?.slots ?? 0 }

    /// Every open connection, in descriptor order.
    var all: [Connection] { byDescriptor.compactMap { $0 } }

    /// A newly accepted connection takes a request slot.
    mutating func insert(_ connection: Connection) {
        let index = Int(connection.fd)
        guard index >= 0 else { return }
        if index >= byDescriptor.count { byDescriptor += repeatElement(nil, count: index + 1 - byDescriptor.count) }
        if let previous = byDescriptor[index] { remove(previous) }
        byDescriptor[index] = connection
        count += 1
        if let index = slotsByPeer.firstIndex(where: { $0.peer == connection.peer }) {
            slotsByPeer[index].slots += 1
        } else {
            slotsByPeer.append(PeerSlots(peer: connection.peer, slots: 1))
        }
    }

    /// The connection becomes a subscription: it gives its request slot back.
    mutating func subscribe(_ connection: Connection) {
        guard !connection.isSubscribed, self[token: connection.token] === connection else { return }
        connection.phase = .subscribed
        subscribers += 1
        release(slotOf: connection.peer)
    }

    /// Forgets `connection` (call before its phase becomes `.closed`).
    mutating func remove(_ connection: Connection) {
        let index = Int(connection.fd)
        guard index >= 0, index < byDescriptor.count, byDescriptor[index] === connection else { return }
        byDescriptor[index] = nil
        count -= 1
        if connection.isSubscribed { subscribers -= 1 } else { release(slotOf: connection.peer) }
    }

    private mutating func release(slotOf peer: Int32) {
        guard let index = slotsByPeer.firstIndex(where: { $0.peer == peer }) else { return }
        slotsByPeer[index].slots -= 1
        if slotsByPeer[index].slots == 0 { slotsByPeer.remove(at: index) }
    }
}
