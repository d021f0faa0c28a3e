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
        if refresh.menus.round != nil, let (process, _) = endFetch(complete: false) {
            refresh.menus.round?.rewind()
            let url = RedactedURL(process.fetch.url)
            log.debug("menus GET of \(url) cut off for the venues' refresh; asked again after it")
        }
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

    /// The menus rounds (docs/MENUS.md) share the chain's fetch slot; a chain that comes due cuts the menus GET short.
    struct MenuState {
        var shelf = MenuShelf(), round: MenuRound?, judging: FreshnessHeaders?
        /// One write of the state file at a time, so they land in order.
        var saving = false, saveAgain = false
        /// `armTimer` asks every turn, and the zone's arithmetic gives a new answer only when this key changes.
        var due: (key: DueKey, at: Instant)?
    }

    struct DueKey: Equatable {
        let notBefore: Instant?, failures: Int, roundDate: LocalDate?, zone: String
    }

    mutating func menusIfDue() {
        guard let dueAt = menusDueAt(), let zone = snapshot.zone, case let now = clock.now(), dueAt <= now else { return }
        refresh.menus.round = MenuRound(today: zone.localDate(of: now), menusURL: snapshot.config.menusURL)
        nextMenuFetch()
    }

    mutating func menusDueAt() -> Instant? {
        guard refresh.chain == nil, refresh.menus.round == nil else { return nil }
        let shelf = refresh.menus.shelf
        let key = DueKey(notBefore: shelf.notBefore, failures: shelf.failures, roundDate: shelf.roundDate, zone: snapshot.config.timeZone)
        if let due = refresh.menus.due, due.key == key { return due.at }
        guard let zone = snapshot.zone else { return nil }
        let at = shelf.dueAt(zone: zone)
        refresh.menus.due = (key, at)
        return at
    }

    mutating func resumeMenus() {
        if refresh.menus.round != nil, refresh.process == nil, refresh.menus.judging == nil { nextMenuFetch() } else { menusIfDue() }
    }

    private mutating func nextMenuFetch() {
        guard refresh.chain == nil else { return }
        guard let (date, fetch) = refresh.menus.round?.next() else { return endMenuRound() }
        if let reason = launch(fetch) { menuFetchFailed(date, reason, retryAfter: nil) }
    }

    private mutating func menuFetchFailed(_ date: LocalDate, _ reason: String, retryAfter: RetryAfterHeader?) {
        log.warning("menus fetch of \(date) failed: \(reason)")
        if let zone = snapshot.zone {
            refresh.menus.shelf.days[date] = MenuAdoption.failed(refresh.menus.shelf.days[date], reason, at: clock.now(), zone: zone)
        }
        refresh.menus.round?.failed(reason, retryAfter: retryAfter)
        nextMenuFetch()
    }

    mutating func menuFetchEnded(_ result: FetchResult) {
        guard let date = refresh.menus.round?.current, let zone = snapshot.zone else { return endMenuRound() }
        switch result {
        case .failed(let reason, let retryAfter): menuFetchFailed(date, reason, retryAfter: retryAfter)
        case .notModified(let headers):
            // Never asked for (no validators are sent): the held copy stands.
            refresh.menus.round?.judged(ok: true, adopted: false, detail: "not modified", headers: headers)
            nextMenuFetch()
        case .body(let bytes, _, let headers):
            refresh.menus.judging = headers
            let adoption = MenuAdoption(date: date, held: refresh.menus.shelf.days[date], zone: zone,
                                        cache: MenuCache(cacheDirectory: snapshot.config.cacheDirectory), now: clock.now())
            handoff.own { .menusAdopted(adoption.body(bytes)) }
        }
    }

    mutating func menusAdopted(_ result: MenuAdoption.Result) {
        for (level, line) in result.log { log.add(level, line) }
        refresh.menus.shelf.days[result.date] = result.day
        if result.adopted { menusChanged() }
        refresh.menus.round?.judged(ok: result.ok, adopted: result.adopted, detail: result.detail,
                                    headers: refresh.menus.judging ?? FreshnessHeaders())
        refresh.menus.judging = nil
        if refresh.chain == nil { nextMenuFetch() }
    }

    private mutating func endMenuRound() {
        guard let round = refresh.menus.round else { return }
        refresh.menus.round = nil
        guard let zone = snapshot.zone else { return }
        let now = clock.now()
        var shelf = refresh.menus.shelf
        shelf.failures = round.succeeded ? 0 : shelf.failures + 1
        let outcome: RefreshPolicy.Outcome = round.succeeded ? .succeeded(round.freshness ?? FreshnessHeaders()) : .failed(failures: shelf.failures)
        let decision = MenuShelf.policy.next(after: outcome, retryAfter: round.retryAfter, now: now, unit: Double.random(in: 0..<1))
        (shelf.notBefore, shelf.reason, shelf.roundDate) = (decision.at, decision.reason.description, round.today)
        shelf.lastRound = "\(zone.iso8601(now)): \(round.summary)"
        let held = shelf.days.count
        shelf.prune(today: zone.localDate(of: now))
        refresh.menus.shelf = shelf
        // Only a date that went changes what is served: a failed round changes nothing.
        if shelf.days.count < held { menusChanged() }
        log.info("menus round: \(round.summary); next not before \(zone.iso8601(decision.at)) (\(decision.reason))")
        saveMenuState()
    }

    /// Every follower is recomputed, since a followed dish may now be served soon (or no longer).
    private mutating func menusChanged() {
        prepared.dishes = refresh.menus.shelf.dishIndex
        hub.request(.refreshEnded)
    }

    mutating func saveMenuState() {
        guard !refresh.menus.saving, let zone = snapshot.zone else { refresh.menus.saveAgain = true; return }
        (refresh.menus.saving, refresh.menus.saveAgain) = (true, false)
        let (shelf, cache, today) = (refresh.menus.shelf, MenuCache(cacheDirectory: snapshot.config.cacheDirectory), zone.localDate(of: clock.now()))
        handoff.own {
            do { try cache.storeState(shelf, today: today); return .menusSaved(nil) } catch { return .menusSaved("\(error)") }
        }
    }

    mutating func menusSaved(_ failure: String?) {
        refresh.menus.saving = false
        if let failure { log.error("the menus state could not be written: \(failure); a restart may ask Penn again sooner") }
        if refresh.menus.saveAgain { saveMenuState() }
    }
}
