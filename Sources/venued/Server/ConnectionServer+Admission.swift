import CLinuxEvents
import Glibc
import VenueReports
import VenuedProtocol
import VenuedSystem

extension ConnectionServer {
    mutating func acceptAll() {
        for _ in 0..<Self.maxConnections {
            let fd = Syscall.retrying { venued_accept4(listener.fd, Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)) }
            guard fd >= 0 else {
                switch errno {
                case EAGAIN, EWOULDBLOCK: return
                case ECONNABORTED: continue
                default:
                    // Out of descriptors, most likely: stop accepting for a while instead of spinning.
                    log.error("accept failed: \(String(cString: strerror(errno)))")
                    listenerResumesAt = noteDeadline(turnTime() + 0.1)
                    return
                }
            }
            let peer = PeerCredentials(socket: fd)
            guard let peer, peer.uid == uid else {
                refuseStranger(fd, uid: peer?.uid)
                continue
            }
            if connections.requestSlotsTaken < Self.maxConnections && waitingRoom.isEmpty {
                open(fd, peer: peer.pid)
                continue
            }
            if waitingRoom.isFull {
                let displaced = waitingRoom.displace(for: peer.pid, slots: { connections.slots(of: $0) })
                refuseBusy(displaced ?? fd)
                if displaced == nil { continue }
            }
            waitingRoom.enter(fd, peer: peer.pid, until: noteDeadline(turnTime() + Self.admissionWait))
        }
    }

    private mutating func open(_ fd: Int32, peer: Int32) {
        // The request has often arrived already: read it now, before registering, which it may never need.
        let read = SocketIO.receive(fd, into: chunk, count: chunk.count)
        var unsent: [UInt8]?
        if case .processed(let count) = read, let sent = answerAtOnce(fd, count) {
            // Answered whole, or the client is gone.
            guard case .rest(let rest) = sent else { return _ = venued_close(fd) }
            unsent = rest
        }
        // Nil only while another is lent, which admission never is: the descriptor is not left open all the same.
        guard var connection = connections.open(fd, peer: peer, requestLimit: Self.requestLimit, now: turnTime()) else {
            return _ = venued_close(fd)
        }
        setDeadline(&connection, Self.readDeadline)
        if let unsent {
            (connection.requests, connection.singleRequest) = (1, true)
            wait(&connection, toSend: unsent)
        } else {
            switch read {
            case .processed(let count): took(count, for: &connection)
            case .wouldBlock: break
            case .failed: close(&connection)
            }
        }
        if connection.phase != .closed { updateInterest(&connection) }
        connections.giveBack(consume connection)
    }

    /// The usual client: its first read one request, answered from this second's lines, so the connection needs
    /// no record unless the socket cannot take the whole answer at once. Nil: not such a request.
    private mutating func answerAtOnce(_ fd: Int32, _ count: Int) -> SocketIO.Sent? {
        guard let length = Self.soleLine(chunk, count),
              let line = lines.line(forRequest: UnsafeRawBufferPointer(rebasing: chunk[..<length]), version: prepared.version, at: answerTime())
        else { return nil }
        return SocketIO.sendNow(fd, line)
    }

    mutating func probe(_ waiting: [UInt64]) {
        for token in waiting {
            with(token) { server, connection in
                (connection.awaitingProbe, connection.quietAtProbe) = (false, true)
                server.receive(&connection)
                if connection.phase != .closed { server.updateInterest(&connection) }
            }
        }
    }

    mutating func admitWaiting() {
        // A closure, not the method `connections.slots(of:)`, which would box the table on the heap at each call.
        while let choice = waitingRoom.next(slots: { connections.slots(of: $0) }) {
            guard connections.requestSlotsTaken < Self.maxConnections else {
                // Closing one changes whom the room chooses: the next round chooses again.
                guard closeQuietest(for: choice.peer) else { return }
                continue
            }
            open(waitingRoom.admit(choice), peer: choice.peer)
        }
    }

    private mutating func closeQuietest(for newcomer: Int32) -> Bool {
        let now = turnTime()
        // Requests already received are being served, whatever the clock says; a partial one is not.
        let reading = connections.all.filter { $0.phase == .reading && !$0.input.hasCompleteLine }
        let newcomerSlots = connections.slots(of: newcomer)
        let quiet = reading.filter { connection in
            let held = connections.slots(of: connection.peer)
            return now - connection.lastActivity >= Self.quietGrace || (held > Self.slotsWithGrace && held > newcomerSlots + 1)
        }
        let slots = connections.slots(of:)
        guard let victim = quiet.max(by: { (slots($0.peer), $1.lastActivity) < (slots($1.peer), $0.lastActivity) }) else {
            if let soonest = reading.map(\.lastActivity).min() { noteDeadline(soonest + Self.quietGrace) }
            return false
        }
        with(victim.token) { $0.close(&$1) }
        return true
    }

    /// Reads what the client sent first: unread input would make the client's next read fail with ECONNRESET.
    private func refuse(_ fd: Int32, _ error: ProtocolError) {
        SocketIO.sendAll(fd, Reply.error(error))
        var reads = 0
        while reads < 4, case .processed(let count) = SocketIO.receive(fd, into: chunk, count: chunk.count), count > 0 { reads += 1 }
        _ = venued_close(fd)
    }

    private mutating func refuseStranger(_ fd: Int32, uid stranger: UInt32?) {
        if let count = Self.refusalsToLog(now: turnTime(), &strangerRefusals, loggedAt: &strangerLoggedAt) {
            let who = stranger.map { "uid \($0)" } ?? "an unknown uid"
            log.warning("refused \(count) client\(count == 1 ? "" : "s") of another user since the last such line (the last: \(who))")
        }
        refuse(fd, ProtocolError("this venued serves uid \(uid) only", code: .forbidden))
    }

    mutating func refuseBusy(_ fd: Int32) {
        if let count = Self.refusalsToLog(now: turnTime(), &busyRefusals, loggedAt: &busyLoggedAt) {
            log.warning("refused \(count) client\(count == 1 ? "" : "s") since the last such line: every request slot was taken")
        }
        refuse(fd, ProtocolError("too many connections (\(Self.maxConnections)): try again shortly", code: .busy))
    }

    private static func refusalsToLog(now: Double, _ count: inout Int, loggedAt: inout Double) -> Int? {
        count += 1
        guard now - loggedAt >= 1 else { return nil }
        defer { count = 0 }
        loggedAt = now
        return count
    }
}
