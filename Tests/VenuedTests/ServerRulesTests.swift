import Testing
@testable import venued

/// How the connection loop cuts bytes into requests.
@Suite struct RequestFraming {
    func buffer(_ text: String, limit: Int = 16) -> RequestBuffer {
        var buffer = RequestBuffer(limit: limit)
        Array(text.utf8).withUnsafeBytes { buffer.append($0) }
        return buffer
    }

    func line(_ text: String) -> RequestBuffer.Next { .line(Array(text.utf8)) }

    @Test func linesComeOutOneAtATimeWithoutTheirNewline() {
        var requests = buffer("one\ntwo\nthr")
        #expect(requests.next() == line("one"))
        #expect(requests.next() == line("two"))
        #expect(requests.next() == .incomplete)
        #expect(requests.hasPartialRequest)
    }

    @Test func aLineCompletedByALaterReadComesOutWhole() {
        var requests = buffer("{\"v\":")
        #expect(requests.next() == .incomplete)
        Array("1}\n".utf8).withUnsafeBytes { requests.append($0) }
        #expect(requests.next() == line("{\"v\":1}"))
        #expect(!requests.hasPartialRequest)
    }

    @Test func theLimitHoldsWithOrWithoutANewline() {
        var exact = buffer(String(repeating: "x", count: 16) + "\n")
        #expect(exact.next() == line(String(repeating: "x", count: 16)))
        var long = buffer(String(repeating: "x", count: 17) + "\n")
        #expect(long.next() == .tooLong)
        var endless = buffer(String(repeating: "x", count: 17))
        #expect(endless.next() == .tooLong)
    }

    @Test func atTheEndALastLineWithoutNewlineCounts() {
        var requests = buffer("one\nlast")
        #expect(requests.next() == line("one"))
        #expect(requests.next() == .incomplete)
        #expect(requests.finish() == line("last"))
        #expect(requests.finish() == .incomplete)
    }

    @Test func aSubscriberInputIsDiscarded() {
        var requests = buffer("one\ntwo\n")
        requests.discard()
        #expect(requests.next() == .incomplete)
        #expect(!requests.hasPartialRequest)
    }
}

/// Who gets a slot that frees while every slot is taken.
@Suite struct WaitingRoomRule {
    @Test func firstComeFirstServed() {
        var room = WaitingRoom(capacity: 3)
        room.enter(7, peer: 1, until: 1.0)
        room.enter(8, peer: 1, until: 1.5)
        #expect(room.earliestDeadline == 1.0)
        #expect(room.admitNext(slots: { _ in 0 }) == 7)
        #expect(room.admitNext(slots: { _ in 0 }) == 8)
        #expect(room.admitNext(slots: { _ in 0 }) == nil && room.isEmpty)
    }

    @Test func aSlotGoesFirstToTheProcessHoldingFewest() {
        var room = WaitingRoom(capacity: 4)
        room.enter(7, peer: 1, until: 1.0)
        room.enter(8, peer: 1, until: 1.1)
        room.enter(9, peer: 2, until: 1.2)
        room.enter(10, peer: 3, until: 1.3)
        let held: [Int32: Int] = [1: 60, 2: 1, 3: 1]
        #expect(room.next(slots: { held[$0] ?? 0 })?.peer == 2)
        #expect(room.admitNext(slots: { held[$0] ?? 0 }) == 9)
        #expect(room.admitNext(slots: { held[$0] ?? 0 }) == 10)
        #expect(room.admitNext(slots: { held[$0] ?? 0 }) == 7)
        #expect(room.earliestDeadline == 1.1)
    }

    @Test func clientsOfProcessesInterleavedStillGoToTheFewest() {
        var room = WaitingRoom(capacity: 5)
        for (fd, peer) in [(7, 1), (8, 1), (9, 2), (10, 1), (11, 3)] as [(Int32, Int32)] { room.enter(fd, peer: peer, until: 1.0) }
        let held: [Int32: Int] = [1: 5, 2: 9, 3: 2]
        #expect(room.admitNext(slots: { held[$0] ?? 0 }) == 11)
        #expect(room.admitNext(slots: { held[$0] ?? 0 }) == 7)
        #expect(room.admitNext(slots: { held[$0] ?? 0 }) == 8)
        #expect(room.admitNext(slots: { held[$0] ?? 0 }) == 10)
        #expect(room.admitNext(slots: { held[$0] ?? 0 }) == 9)
    }

    @Test func aNewcomerToAFullRoomDisplacesTheNewestOfTheProcessHoldingMost() {
        var room = WaitingRoom(capacity: 3)
        room.enter(7, peer: 1, until: 1.0)
        room.enter(8, peer: 1, until: 1.1)
        room.enter(9, peer: 2, until: 1.2)
        let held: [Int32: Int] = [1: 60, 2: 1]
        #expect(room.displace(for: 1, slots: { held[$0] ?? 0 }) == nil)
        #expect(room.displace(for: 3, slots: { held[$0] ?? 0 }) == 8)
        #expect(!room.isFull)
        #expect(room.admitNext(slots: { _ in 0 }) == 7)
    }

    @Test func isFullAtItsCapacity() {
        var room = WaitingRoom(capacity: 2)
        room.enter(7, peer: 1, until: 1.0)
        #expect(!room.isFull)
        room.enter(8, peer: 1, until: 1.0)
        #expect(room.isFull)
        _ = room.admitNext(slots: { _ in 0 })
        #expect(!room.isFull)
    }

    @Test func aLineThatNeverEmptiesStaysInArrivalOrder() {
        var room = WaitingRoom(capacity: 8)
        var fd: Int32 = 10
        for _ in 0..<4 {
            room.enter(fd, peer: 1, until: 1.0)
            fd += 1
        }
        // Far more takes than the compaction floor, the line never empty between them.
        for expected in Int32(10)..<Int32(210) {
            room.enter(fd, peer: 1, until: 1.0)
            fd += 1
            #expect(room.admitNext(slots: { _ in 0 }) == expected)
        }
        #expect(room.expired(at: 1.0) == Array(210..<214))
        #expect(room.isEmpty)
    }

    @Test func aWaitEndsAtItsDeadline() {
        var room = WaitingRoom(capacity: 4)
        room.enter(7, peer: 1, until: 1.0)
        room.enter(8, peer: 1, until: 2.0)
        room.enter(9, peer: 1, until: 3.0)
        #expect(room.expired(at: 0.5) == [])
        #expect(room.expired(at: 2.0) == [7, 8])
        #expect(room.earliestDeadline == 3.0)
        #expect(room.admitNext(slots: { _ in 0 }) == 9)
    }
}

extension WaitingRoom {
    /// `next` and `admit` at once, as the loop does when a slot is free.
    mutating func admitNext(slots: (Int32) -> Int) -> Int32? {
        next(slots: slots).map { admit($0) }
    }
}

/// The waiting room's rules written the plainest way, an array per process shifted on
/// every take: the room, with its heads and compactions, must choose exactly as this does.
private struct PlainWaitingRoom {
    struct Client { let fd: Int32, deadline: Double, arrival: Int }
    var lines: [(peer: Int32, clients: [Client])] = []
    var arrivals = 0
    let capacity: Int

    var count: Int { lines.reduce(0) { $0 + $1.clients.count } }
    var earliestDeadline: Double? { lines.compactMap { $0.clients.first?.deadline }.min() }

    mutating func enter(_ fd: Int32, peer: Int32, until deadline: Double) {
        let client = Client(fd: fd, deadline: deadline, arrival: arrivals)
        arrivals += 1
        if let index = lines.firstIndex(where: { $0.peer == peer }) {
            lines[index].clients.append(client)
        } else {
            lines.append((peer, [client]))
        }
    }

    mutating func displace(for peer: Int32, slots: (Int32) -> Int) -> Int32? {
        let held = lines.map { slots($0.peer) + $0.clients.count }
        guard let top = held.indices.max(by: { held[$0] < held[$1] }),
              held[top] > (lines.firstIndex { $0.peer == peer }.map { held[$0] } ?? slots(peer)) + 1 else { return nil }
        let fd = lines[top].clients.removeLast().fd
        if lines[top].clients.isEmpty { lines.remove(at: top) }
        return fd
    }

    func nextLine(slots: (Int32) -> Int) -> Int? {
        lines.indices.min {
            (slots(lines[$0].peer), lines[$0].clients[0].arrival) < (slots(lines[$1].peer), lines[$1].clients[0].arrival)
        }
    }

    mutating func admitNext(slots: (Int32) -> Int) -> Int32? {
        guard let index = nextLine(slots: slots) else { return nil }
        let fd = lines[index].clients.removeFirst().fd
        if lines[index].clients.isEmpty { lines.remove(at: index) }
        return fd
    }

    mutating func expired(at now: Double) -> [Int32] {
        var ended: [Client] = []
        for index in lines.indices {
            let count = lines[index].clients.prefix { $0.deadline <= now }.count
            ended += lines[index].clients.prefix(count)
            lines[index].clients.removeFirst(count)
        }
        lines.removeAll { $0.clients.isEmpty }
        return ended.sorted { $0.arrival < $1.arrival }.map(\.fd)
    }
}

/// The waiting room takes from a line's head without shifting and compacts its lines;
/// over long random runs (processes coming and going, rooms filled and emptied, lines
/// that stay long enough to be compacted, displacements, expiries) it chooses exactly
/// as the plain arrays do.
@Suite struct WaitingRoomReference {
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func choosesAsThePlainRoomDoes(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        // Small rooms fill and empty all the time; in big ones a line lives long
        // enough to be compacted.
        let big = seed.isMultiple(of: 2)
        let capacity = big ? Int.random(in: 20...64, using: &random) : Int.random(in: 1...6, using: &random)
        var room = WaitingRoom(capacity: capacity)
        var plain = PlainWaitingRoom(capacity: capacity)
        var now = 0.0
        var nextFD: Int32 = 10
        for step in 0..<2_000 {
            now += Double.random(in: 0...(big ? 0.005 : 0.1), using: &random)
            let held = Dictionary(uniqueKeysWithValues: (1...4).map { (Int32($0), Int.random(in: 0...9, using: &random)) })
            let slots = { (peer: Int32) in held[peer] ?? 0 }
            let peer = Int32.random(in: 1...4, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                if room.isFull {
                    #expect(room.displace(for: peer, slots: slots) == plain.displace(for: peer, slots: slots), "step \(step)")
                }
                if !room.isFull {
                    room.enter(nextFD, peer: peer, until: now + 0.25)
                    plain.enter(nextFD, peer: peer, until: now + 0.25)
                    nextFD += 1
                }
            case 5..<8:
                #expect(room.next(slots: slots)?.peer == plain.nextLine(slots: slots).map { plain.lines[$0].peer }, "step \(step)")
                #expect(room.admitNext(slots: slots) == plain.admitNext(slots: slots), "step \(step)")
            default:
                #expect(room.expired(at: now) == plain.expired(at: now), "step \(step)")
            }
            #expect(room.earliestDeadline == plain.earliestDeadline, "step \(step)")
            #expect(room.isEmpty == (plain.count == 0) && room.isFull == (plain.count >= capacity), "step \(step)")
        }
    }
}

/// The loop's connections by descriptor, and the request slots each process holds.
@Suite struct ConnectionTableRules {
    /// Opens a connection and gives it back, as the loop does after its first read.
    func open(_ table: inout ConnectionTable, fd: Int32, peer: Int32) throws -> Connection {
        let opened = table.open(fd, peer: peer, requestLimit: 16, now: 0)
        let connection = try #require(opened)
        table.giveBack(connection)
        return connection
    }

    @Test func slotsFollowConnectionsAsTheyOpenSubscribeAndClose() throws {
        var table = ConnectionTable()
        let (a, b, c) = (try open(&table, fd: 5, peer: 100), try open(&table, fd: 900, peer: 100), try open(&table, fd: 6, peer: 200))
        #expect(table.count == 3 && table.requestSlotsTaken == 3)
        #expect(table.slots(of: 100) == 2 && table.slots(of: 200) == 1 && table.slots(of: 300) == 0)
        let lentOut = table.lend(b.token)
        var subscriber = try #require(lentOut)
        table.subscribe(&subscriber)
        #expect(subscriber.isSubscribed && table.subscribers == 1 && table.requestSlotsTaken == 2 && table.slots(of: 100) == 1)
        table.subscribe(&subscriber)
        #expect(table.subscribers == 1 && table.slots(of: 100) == 1)
        table.giveBack(subscriber)
        table.remove(subscriber)
        #expect(table.subscribers == 0 && table.count == 2 && table.slots(of: 100) == 1)
        table.remove(a)
        table.remove(a)
        #expect(table.count == 1 && table.slots(of: 100) == 0 && table.slots(of: 200) == 1)
        #expect(table.all.map(\.fd) == [c.fd])
    }

    @Test func aTokenFindsOnlyItsOwnConnection() throws {
        var table = ConnectionTable()
        let first = try open(&table, fd: 5, peer: 1)
        table.remove(first)
        let reused = try open(&table, fd: 5, peer: 1)
        #expect(reused.token != first.token)
        let (old, fd4, negative, far) = (table.lend(first.token), table.lend(4), table.lend(UInt64(UInt32.max)), table.lend(70_000))
        #expect(old == nil && fd4 == nil && negative == nil && far == nil)
        let current = table.lend(reused.token)
        #expect(current?.token == reused.token)
    }

    /// The loop works on a connection in place while it is lent out: it stays open and
    /// counted, comes back with its changes, and stays out once removed.
    @Test func aLentConnectionComesBackChangedOrNotAtAllOnceRemoved() throws {
        var table = ConnectionTable()
        let (a, b) = (try open(&table, fd: 5, peer: 1), try open(&table, fd: 6, peer: 1))
        let first = table.lend(a.token)
        var lent = try #require(first)
        #expect(table.all.map(\.token) == [b.token] && table.count == 2 && table.slots(of: 1) == 2)
        // One at a time: neither another connection nor a new one while it is out.
        let (second, opened) = (table.lend(b.token), table.open(7, peer: 1, requestLimit: 16, now: 0))
        #expect(second == nil && opened == nil)
        lent.requests = 3
        table.giveBack(lent)
        #expect(table.all.first { $0.token == a.token }?.requests == 3)
        let again = table.lend(a.token)
        var closing = try #require(again)
        table.remove(closing)
        closing.phase = .closed
        table.giveBack(closing)
        #expect(table.all.map(\.token) == [b.token] && table.count == 1 && table.slots(of: 1) == 1)
        let other = table.lend(b.token)
        #expect(other?.token == b.token)
    }
}

@Suite struct RequestBufferCapacityRules {
    @Test func aClientIsReadNoFurtherThanTheCapacity() {
        var buffer = RequestBuffer(limit: 16, capacity: 40)
        let flood = Array(String(repeating: "{\"v\":1}\n", count: 100).utf8)
        flood.withUnsafeBytes { buffer.append($0) }
        #expect(buffer.room == 0)
        var lines = 0
        while case .line = buffer.next() { lines += 1 }
        #expect(lines == 5)
        #expect(buffer.room == 40)
    }

    @Test func roomComesBackAsLinesAreTakenAndCompactionKeepsThePartialLine() {
        var buffer = RequestBuffer(limit: 16, capacity: 20)
        Array("aaaa\nbbbb\ncccc\ndd".utf8).withUnsafeBytes { buffer.append($0) }
        #expect(buffer.room == 3)
        #expect(buffer.next() == .line(Array("aaaa".utf8)))
        #expect(buffer.next() == .line(Array("bbbb".utf8)))
        Array("d\neeeeeeeeee".utf8).withUnsafeBytes { buffer.append($0) }
        #expect(buffer.next() == .line(Array("cccc".utf8)))
        #expect(buffer.next() == .line(Array("ddd".utf8)))
        #expect(buffer.next() == .incomplete)
        #expect(buffer.finish() == .line(Array("eeeeeeeeee".utf8)))
        #expect(buffer.room == 20)
    }

    @Test func aFullBufferWithoutANewlineIsTooLong() {
        var buffer = RequestBuffer(limit: 16)
        Array(String(repeating: "x", count: 100).utf8).withUnsafeBytes { buffer.append($0) }
        #expect(buffer.next() == .tooLong)
    }
}
