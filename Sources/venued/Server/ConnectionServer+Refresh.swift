import CLinuxEvents
import DiningHours
import Glibc
import VenueReports
import VenuedProtocol

/// The source chain, behind one gate (`RefreshPolicy`): inside the backoff, a client gets the last report at once.
extension ConnectionServer {
    struct RefreshState {
        var chain: RefreshChain?, process: FetchProcess?, judging: FreshnessHeaders?, waiters: [UInt64] = []
        var last: RefreshReport?, changedData = false, menus = MenuState()
    }

    mutating func refreshIfDue() {
        guard refresh.chain == nil, snapshot.health.nextRefresh.map({ $0 <= clock.now() }) ?? true else { return }
        startChain()
    }

    mutating func askRefresh(_ connection: inout Connection) {
        if refresh.chain == nil, let opens = snapshot.health.gateOpensAt, opens > clock.now() {
            return send(&connection, refreshAnswer(refresh.last, gateOpensAt: opens))
        }
        refresh.waiters.append(connection.token)
        wait(&connection)
        if refresh.chain == nil { startChain() }
    }

    private mutating func startChain() {
        yieldMenuFetch()
        (refresh.chain, refresh.changedData) = (RefreshChain(config: snapshot.config), false)
        nextFetch()
    }

    private mutating func nextFetch() {
        let held = snapshot.meta
        guard let fetch = refresh.chain?.next(held: held) else { return endChain() }
        if let reason = launch(fetch) { failed(fetch, reason, retryAfter: nil) }
    }

    mutating func launch(_ fetch: RefreshChain.Fetch) -> String? {
        switch FetchProcess.start(fetch, timeout: snapshot.config.timeoutSeconds, now: turnTime()) {
        case .success(let process):
            guard epoll.add(process.fd, Epoll.input, token: Self.fetchToken) else {
                _ = process.finish(complete: false)
                return "cannot watch the fetch process: \(String(cString: strerror(errno)))"
            }
            refresh.process = process
            noteDeadline(process.deadline)
            return nil
        case .failure(let error): return error.reason
        }
    }

    private mutating func failed(_ fetch: RefreshChain.Fetch, _ reason: String, retryAfter: RetryAfterHeader?) {
        log.warning("\(fetch.source.rawValue) fetch of \(RedactedURL(fetch.url)) failed: \(reason)")
        refresh.chain?.failed(reason, retryAfter: retryAfter)
        nextFetch()
    }

    mutating func endFetch(complete: Bool) -> (FetchProcess, FetchResult)? {
        guard let process = refresh.process else { return nil }
        refresh.process = nil
        epoll.remove(process.fd)
        return (process, process.finish(complete: complete))
    }

    mutating func fetchEnded(complete: Bool) {
        guard let (process, result) = endFetch(complete: complete) else { return }
        guard refresh.chain != nil else { return menuFetchEnded(result) }
        let adoption = Adoption(snapshot: snapshot, fetch: process.fetch, now: clock.now())
        switch result {
        case .failed(let reason, let retryAfter): failed(process.fetch, reason, retryAfter: retryAfter)
        case .notModified(let headers):
            refresh.judging = headers
            handoff.own { .adopted(adoption.notModified()) }
        case .body(let bytes, let validators, let headers):
            refresh.judging = headers
            handoff.own { .adopted(adoption.body(bytes, validators: validators)) }
        }
    }

    mutating func adopted(_ result: Adoption.Result) {
        for (level, line) in result.log { log.add(level, line) }
        refresh.chain?.judged(result.attempt, freshness: refresh.judging ?? FreshnessHeaders())
        refresh.judging = nil
        var next = snapshot
        if next.take(result, now: clock.now()) { refresh.changedData = true }
        replace(next)
        if refresh.chain?.succeeded == true { endChain() } else { nextFetch() }
    }

    private mutating func endChain() {
        guard let chain = refresh.chain else { return }
        var next = snapshot
        let decision = next.end(chain, now: clock.now(), unit: Double.random(in: 0..<1))
        log.debug("next refresh at \(decision.at): \(decision.reason)")
        replace(next)
        (refresh.chain, refresh.last) = (nil, chain.report)
        // Decoding a large body frees its tree, but glibc keeps the pages unless asked.
        _ = venued_release_free_memory()
        let answer = refreshAnswer(chain.report, gateOpensAt: nil)
        for token in refresh.waiters { withHandedOff(token) { $0.send(&$1, answer) } }
        refresh.waiters = []
        notifier.send([statusLine()])
        // New venues go to every subscriber once; else the data's age may read differently.
        hub.request(refresh.changedData ? .data : .refreshEnded)
        resumeMenus()
    }

    func refreshAnswer(_ report: RefreshReport?, gateOpensAt: Instant?) -> String {
        let attempts = (report?.attempts ?? []).map { attempt in
            JSONText.object([("source", JSONText.quote(attempt.source.rawValue)), ("ok", "\(attempt.ok)"),
                             ("detail", JSONText.quote(attempt.detail))])
        }
        let held = snapshot.held
        var members = [("source", JSONText.quote(held.source.rawValue)), ("attempts", JSONText.array(attempts))]
        var gate = ""
        if let gateOpensAt, let zone = snapshot.zone {
            members.append(("not_before", Reply.time(gateOpensAt, zone)))
            let why = snapshot.health.nextRefreshReason.map { " (\($0))" } ?? ""
            gate = "; not asking the servers again before \(zone.iso8601(gateOpensAt))\(why): this is the last refresh's report"
        }
        guard report?.succeeded == true else {
            let reasons = (report?.attempts ?? []).map { "\($0.source.rawValue): \($0.detail)" }.joined(separator: "; ")
            return Reply.error(ProtocolError("no source answered with venues (\(reasons)); still serving \(held.source.rawValue) data\(gate)",
                                             code: .refreshFailed), extra: members)
        }
        return Reply.ok(members + (gate.isEmpty ? [] : [("note", JSONText.quote(String(gate.dropFirst(2))))]))
    }

    mutating func replace(_ next: Snapshot) {
        prepared = next.version != prepared.version || next.config != prepared.snapshot.config
            ? Prepared(next, dishes: prepared.dishes) : prepared.with(next)
    }
}
