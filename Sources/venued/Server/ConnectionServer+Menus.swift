import DiningHours
import VenueReports

/// The menus rounds (docs/MENUS.md) share the chain's fetch slot; a chain that comes due cuts the menus GET short.
extension ConnectionServer {
    struct MenuState {
        var shelf = MenuShelf(), round: MenuRound?, judging: FreshnessHeaders?
        /// One write of the state file at a time, so they land in order.
        var saving = false, saveAgain = false
    }

    mutating func menusIfDue() {
        guard let dueAt = menusDueAt, let zone = snapshot.zone, case let now = clock.now(), dueAt <= now else { return }
        refresh.menus.round = MenuRound(today: zone.localDate(of: now), menusURL: snapshot.config.menusURL)
        nextMenuFetch()
    }

    var menusDueAt: Instant? {
        guard refresh.chain == nil, refresh.menus.round == nil, let zone = snapshot.zone else { return nil }
        return refresh.menus.shelf.dueAt(zone: zone)
    }

    mutating func yieldMenuFetch() {
        guard refresh.menus.round != nil, let (process, _) = endFetch(complete: false) else { return }
        refresh.menus.round?.rewind()
        log.debug("menus GET of \(RedactedURL(process.fetch.url)) cut off for the venues' refresh; asked again after it")
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
