import DiningHours
import VenuedProtocol

/// The `subscribe` streams in the loop: a new subscriber's first line, the rounds of
/// pushes (`SubscriberHub`, which prompt files follow too), and the wall-clock timer
/// that says when one is due.
extension ConnectionServer {
    /// A subscriber's first line came back from the worker: send it, and follow it.
    func subscribe(_ connection: Connection, _ subscription: Subscription, _ first: Result<PushLine, ProtocolError>) {
        let push: PushLine
        switch first {
        case .failure(let error):
            connection.closeAfterAnswer = true
            return send(connection, Reply.error(error))
        case .success(let line):
            push = line
        }
        guard subscribers < Self.maxSubscribers else { return refuseSubscription(connection) }
        guard SocketIO.sendAll(connection.fd, push.line) else { return close(connection) }
        hub.add(token: connection.token, subscription: subscription, first: push)
        subscribers += 1
        subscriberCount.set(subscribers)
        connection.input.discard()
        connection.phase = .subscribed
        connection.deadline = nil
        updateInterest(connection)
    }

    /// Asks for a round; a stronger reason wins over a weaker one: new data (sent to
    /// all), then a refresh's end and a set clock (every subscriber recomputed), then
    /// the instants that came.
    func requestRound(_ reason: SubscriberHub.Reason) {
        switch (pendingRound, reason) {
        case (.data?, _), (.refreshEnded?, .clockChanged), (.refreshEnded?, .transition), (.clockChanged?, .transition): return
        default: pendingRound = reason
        }
    }

    /// Starts the pending round on a worker, unless one is rendered already.
    func startPendingRound() {
        guard !roundInFlight, let reason = pendingRound else { return }
        let round = hub.round(reason, at: clock.now())
        pendingRound = nil
        guard !round.subscribers.isEmpty else { return }
        let renderer = renderer
        // A full queue leaves the round pending for the next turn of the loop.
        guard handoff.run(.files, nil, { .pushes(round, renderer.render(round)) }) else {
            pendingRound = reason
            return
        }
        roundInFlight = true
    }

    /// Sends a round's lines, and hands its prompt files' texts to the files lane; a
    /// subscriber whose socket cannot take its line at once is dropped rather than
    /// allowed to delay the rest.
    func finishRound(_ round: SubscriberHub.Round, _ computed: [SubscriberHub.Computed]) {
        roundInFlight = false
        let delivery = hub.apply(round, computed)
        for (token, line) in delivery.send {
            guard let connection = subscriber(token) else { continue }
            if !SocketIO.sendAll(connection.fd, line) {
                log.warning("dropped a subscriber that is not reading")
                close(connection)
            }
        }
        for (token, line) in delivery.end {
            guard let connection = subscriber(token) else { continue }
            SocketIO.sendAll(connection.fd, line)
            close(connection)
        }
        writePromptFiles(delivery.write)
    }

    private func subscriber(_ token: UInt64) -> Connection? {
        guard let connection = connections[Connection.descriptor(of: token)], connection.token == token,
              connection.isSubscribed else { return nil }
        return connection
    }

    /// The timer expired (a subscriber's instant came) or the clock was set.
    func timerFired() {
        switch timer.read() {
        case .expired:
            armedFor = nil
            requestRound(.transition)
        case .clockChanged:
            armedFor = nil
            log.info("the wall clock was set (or the system resumed): recomputing every subscriber")
            requestRound(.clockChanged)
        case .pending:
            break
        }
    }

    /// Arms the timer for the soonest subscriber instant; for none (or while a round is
    /// rendered) in the far future, which still reports a setting of the clock.
    func armTimer() {
        let wanted = roundInFlight ? Double.infinity : hub.nextWake.map { Double($0.secondsSinceEpoch) } ?? .infinity
        guard wanted != armedFor else { return }
        timer.arm(at: wanted)
        armedFor = wanted
    }

}
