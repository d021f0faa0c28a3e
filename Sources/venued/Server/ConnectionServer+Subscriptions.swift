import DiningHours
import VenueReports
import VenuedProtocol

extension ConnectionServer {
    mutating func subscribe(_ connection: inout Connection, _ subscription: Subscription, _ first: Result<PushLine, ProtocolError>) {
        let push: PushLine
        do throws(ProtocolError) { push = try first.get() } catch {
            connection.closeAfterAnswer = true
            return send(&connection, Reply.error(error))
        }
        guard connections.subscribers < Self.maxSubscribers else { return refuseSubscription(&connection) }
        // The snapshot, then the followed dishes served soon: what the stream will tell.
        guard ([push.line] + push.dishEvents.map(\.line)).allSatisfy({ SocketIO.sendAll(connection.fd, $0) }) else { return close(&connection) }
        hub.add(token: connection.token, subscription: subscription, first: push)
        connections.subscribe(&connection)
        connection.input.discard()
        connection.deadline = nil
        updateInterest(&connection)
    }

    mutating func startPendingRound() {
        guard !roundInFlight, let round = hub.takeRound(at: clock.now()) else { return }
        let renderer = PushRenderer(prepared: prepared)
        handoff.own { .pushes(round, renderer.render(round)) }
        roundInFlight = true
    }

    /// A subscriber whose socket cannot take its line at once is dropped rather than allowed to delay the rest.
    mutating func finishRound(_ round: SubscriberHub.Round, _ computed: [SubscriberHub.Computed]) {
        roundInFlight = false
        let delivery = hub.apply(round, computed)
        for (token, line) in delivery.send {
            with(token) { server, connection in
                guard connection.isSubscribed, !SocketIO.sendAll(connection.fd, line) else { return }
                server.log.warning("dropped a subscriber that is not reading")
                server.close(&connection)
            }
        }
        for (token, line) in delivery.end {
            with(token) { server, connection in
                guard connection.isSubscribed else { return }
                SocketIO.sendAll(connection.fd, line)
                server.close(&connection)
            }
        }
        for (name, text, problem) in delivery.write {
            if let problem { log.warning("prompt file \(name): \(problem)") }
            promptChanges[name] = .write(text)
        }
    }

    mutating func timerFired() {
        switch timer.read() {
        case .expired: if hub.nextWake.map({ $0 <= clock.now() }) ?? false { hub.request(.transition) }
        case .clockChanged:
            log.info("the wall clock was set (or the system resumed): recomputing every subscriber")
            hub.request(.clockChanged)
        case .pending: return
        }
        armedFor = nil
        refreshIfDue()
        resumeMenus()
    }

    /// With nothing due, arms for the far future, which still reports a setting of the clock.
    mutating func armTimer() {
        let wake = roundInFlight ? nil : hub.nextWake
        let refreshAt = refresh.chain == nil ? snapshot.health.nextRefresh : nil
        // Every turn: no array, which would cost an allocation.
        let never = Instant(secondsSinceEpoch: .max)
        let earliest = min(wake ?? never, refreshAt ?? never, menusDueAt() ?? never)
        let wanted = earliest == never ? .infinity : Double(earliest.secondsSinceEpoch)
        guard wanted != armedFor else { return }
        timer.arm(at: wanted)
        armedFor = wanted
    }

    mutating func followPromptFiles() {
        let settings = snapshot.config.prompts.filter { PromptSetting.isValidName($0.name) }
        let names = Set(settings.map(\.name))
        for name in promptFileNames.subtracting(names) { promptChanges[name] = .remove }
        promptFileNames = names
        var wanted: [String: Subscription] = [:]
        for setting in settings {
            switch setting.subscription {
            case .success(let subscription): wanted[setting.name] = subscription
            case .failure: promptChanges[setting.name] = .write(PromptSetting.badConfigText)
            }
        }
        hub.followPromptFiles(wanted, now: clock.now())
        hub.request(.transition)
    }

    mutating func startPromptWrites() {
        guard !promptWriteInFlight, !promptChanges.isEmpty else { return }
        let batch = promptChanges.sorted { $0.key < $1.key }.map { (name: $0.key, change: $0.value) }
        let promptFiles = promptFiles
        handoff.own { .promptFilesWritten(promptFiles.apply(batch)) }
        (promptChanges, promptWriteInFlight) = ([:], true)
    }

    /// A failure is logged when a file starts failing, not at every write.
    mutating func promptFilesWritten(_ results: [(name: String, failure: String?)]) {
        promptWriteInFlight = false
        for (name, failure) in results {
            guard let failure else { promptFailing.remove(name); continue }
            if promptFailing.insert(name).inserted { log.warning("prompt file \(name): \(failure)") }
        }
    }
}
