import Glibc
import VenueReports
import VenuedProtocol

/// The next line is answered once the previous answer is out: a client that does not read is held back by its socket.
extension ConnectionServer {
    /// One read (level-triggered: more is reported again), then whatever it completes.
    mutating func receive(_ connection: inout Connection) {
        // A subscriber's input is only watched for the hang-up; a reader's is bounded by its buffer's room.
        let room = connection.isSubscribed ? chunk.count : min(chunk.count, connection.input.room)
        guard room > 0 else { return updateInterest(&connection) }
        switch SocketIO.receive(connection.fd, into: chunk, count: room) {
        case .processed(let count): took(count, for: &connection)
        case .wouldBlock: return
        case .failed: return close(&connection)
        }
    }

    /// What one read put in `chunk`: served, kept for the rest of its line, or the client's end.
    mutating func took(_ count: Int, for connection: inout Connection) {
        if case .subscribed = connection.phase {
            if count == 0 { close(&connection) }    // anything sent is ignored
            return
        }
        if count > 0 { connection.quietAtProbe = false }
        if count == 0 {
            connection.peerClosed = true
        } else if connection.phase == .reading, !connection.input.hasPartialRequest, let length = Self.soleLine(chunk, count) {
            // The usual request, one whole line in one read: served where it was read, without a copy.
            connection.lastActivity = turnTime()
            if connection.requests == 0 { connection.singleRequest = true }
            serve(&connection, UnsafeRawBufferPointer(rebasing: chunk[..<length]))
            if connection.phase == .reading { updateInterest(&connection) }
            return
        } else {
            connection.input.append(UnsafeRawBufferPointer(rebasing: chunk[..<count]))
            connection.lastActivity = turnTime()
        }
        if connection.phase == .reading { serveLines(&connection) }
    }

    mutating func serveLines(_ connection: inout Connection) {
        // Lines taken make room in the input buffer: read the client again if it was full.
        defer { if connection.phase == .reading { updateInterest(&connection) } }
        var served = 0
        while connection.phase == .reading {
            guard served < Self.linesPerTurn else {
                if !unfinished.contains(connection.token) { unfinished.append(connection.token) }
                return
            }
            var next = connection.input.next()
            if next == .incomplete {
                guard connection.peerClosed else { return }
                next = connection.input.finish()
                connection.closeAfterAnswer = true
            }
            switch next {
            case .incomplete: close(&connection)
            case .tooLong:
                connection.closeAfterAnswer = true
                send(&connection, Reply.error(ProtocolError("request longer than \(Self.requestLimit) bytes")))
            case .line(let line):
                served += 1
                line.withUnsafeBytes { serve(&connection, $0) }
            }
        }
    }

    static func soleLine(_ chunk: UnsafeMutableRawBufferPointer, _ count: Int) -> Int? {
        guard count > 0, count - 1 <= requestLimit, let start = chunk.baseAddress, chunk[count - 1] == UInt8(ascii: "\n"),
              memchr(start, Int32(UInt8(ascii: "\n")), count - 1) == nil else { return nil }
        return count - 1
    }

    private mutating func serve(_ connection: inout Connection, _ line: UnsafeRawBufferPointer) {
        // A long line costs a parse before anything is known of it: not for a client that has gone, as a flood's do.
        if line.count > Self.longLine && SocketIO.peerIsGone(connection.fd) { return close(&connection) }
        requestsSinceTrim += 1
        connection.requests += 1
        if connection.requests >= Self.requestsPerConnection { connection.closeAfterAnswer = true }
        respond(&connection, handle(line, for: &connection))
    }

    mutating func respond(_ connection: inout Connection, _ outcome: Outcome) {
        switch outcome {
        case .reply(let text): send(&connection, text)
        case .subscribe(let subscription):
            guard connections.subscribers < Self.maxSubscribers else { return refuseSubscription(&connection) }
            let (token, renderer, now) = (connection.token, PushRenderer(prepared: prepared), clock.now())
            handOff(&connection) { .subscribed(token: token, subscription, renderer.line(for: subscription, event: "snapshot", at: now)) }
        case .compute(let work):
            let token = connection.token
            handOff(&connection) {
                do throws(ProtocolError) { return .answer(token: token, try work()) } catch { return .answer(token: token, Reply.error(error)) }
            }
        case .refresh: askRefresh(&connection)
        case .parse(let bytes, let now):
            let (token, prepared) = (connection.token, prepared)
            handOff(&connection) { Self.parsedOffLoop(bytes, token: token, prepared: prepared, at: now) }
        }
    }

    private mutating func handOff(_ connection: inout Connection, _ work: @escaping @Sendable () -> Handoff.Finished) {
        guard handoff.compute(token: connection.token, owner: connection.peer, work) else {
            connection.closeAfterAnswer = true
            return send(&connection, Reply.error(ProtocolError("venued is busy: try again shortly", code: .busy)))
        }
        wait(&connection)
    }

    mutating func wait(_ connection: inout Connection) {
        (connection.phase, connection.deadline) = (.handedOff, nil)
        updateInterest(&connection)
    }

    mutating func refuseSubscription(_ connection: inout Connection) {
        connection.closeAfterAnswer = true
        send(&connection, Reply.error(ProtocolError("too many subscriptions (\(Self.maxSubscribers)): close one, or try again shortly", code: .busy)))
    }

    mutating func send(_ connection: inout Connection, _ text: String) {
        switch SocketIO.sendNow(connection.fd, text) {
        case .all: answered(&connection)
        case .rest(let rest): wait(&connection, toSend: rest)
        case .failed: close(&connection)
        }
    }

    mutating func wait(_ connection: inout Connection, toSend rest: [UInt8]) {
        (connection.pending, connection.phase) = (rest, .writing)
        setDeadline(&connection, Self.writeDeadline)
        updateInterest(&connection)
    }

    mutating func flush(_ connection: inout Connection) {
        switch connection.pending.withUnsafeBytes({ SocketIO.send(connection.fd, $0) }) {
        case .processed(let count) where count == connection.pending.count:
            connection.pending = []
            answered(&connection)
            serveLines(&connection)
        case .processed(let count): connection.pending.removeFirst(count)
        case .wouldBlock: break
        case .failed: close(&connection)
        }
    }

    private mutating func answered(_ connection: inout Connection) {
        if connection.closeAfterAnswer || connection.singleRequest { return close(&connection) }
        (connection.lastActivity, connection.phase) = (turnTime(), .reading)
        setDeadline(&connection, Self.readDeadline)
        updateInterest(&connection)
    }

    mutating func finishHandoffs() {
        for result in handoff.take() {
            switch result {
            case .answer(let token, let text): withHandedOff(token) { $0.send(&$1, text) }
            case .parsed(let token, let request, let now):
                withHandedOff(token) { server, connection in
                    if request.more { connection.singleRequest = false }
                    server.respond(&connection, server.outcome(of: request, remembering: nil, at: now))
                }
            case .subscribed(let token, let subscription, let first):
                withHandedOff(token) { $0.subscribe(&$1, subscription, first) }
            case .pushes(let round, let computed): finishRound(round, computed)
            case .promptFilesWritten(let results): promptFilesWritten(results)
            case .adopted(let adoption): adopted(adoption)
            case .menusAdopted(let result): menusAdopted(result)
            case .menusSaved(let failure): menusSaved(failure)
            case .promptFilesRemoved: break
            }
        }
    }

    mutating func withHandedOff(_ token: UInt64, _ body: (inout ConnectionServer, inout Connection) -> Void) {
        with(token) { server, connection in
            guard connection.phase == .handedOff else { return }
            connection.phase = .reading
            body(&server, &connection)
            // Then the lines that waited behind its answer (none for a subscriber).
            server.serveLines(&connection)
        }
    }
}
