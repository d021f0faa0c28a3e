import DiningHours
import VenueReports
import VenuedProtocol

/// One request line into an answer. `status` is answered at once from memory; what takes longer goes to the
/// compute lane with a copy of the data (`Prepared`).
extension ConnectionServer {
    enum Outcome {
        case reply(String)
        /// Boxed: a subscription is hundreds of bytes, and unboxed it would size every outcome.
        indirect case subscribe(Subscription)
        /// An answer computed on the compute lane, which costly status questions use too (`StatusLines.isCostly`).
        case compute(@Sendable () throws(ProtocolError) -> String)
        /// Fetch now, through the refresh gate.
        case refresh
    }

    /// `bytes` is valid for the call only: a hit in this second's lines is answered without copying them.
    mutating func handle(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        let now = clock.now()
        // A status request asked before this second, byte for byte: its line is kept.
        if let line = lines.line(forRequest: bytes, version: prepared.version, at: now) { return .reply(line) }
        do {
            let request = try Request(parsing: Array(bytes))
            switch request.command {
            case .status:
                let (options, presentation) = try StatusQuery.decode(.status, request.fields)
                let favorites = Favorites(sentIn: options)
                if StatusLines.isCostly(options, presentation: presentation, zone: prepared.zoneName(options)) {
                    let prepared = prepared
                    return .compute { () throws(ProtocolError) in try prepared.line(options, presentation: presentation, favorites: favorites, at: now) }
                }
                let zone = try prepared.zone(options)
                prepared.build(zone)
                let line = try prepared.line(options, in: zone, presentation: presentation, favorites: favorites, at: now)
                lines.remember(line, forRequest: bytes, version: prepared.version, at: now)
                return .reply(line)
            case .subscribe:
                let (options, presentation) = try StatusQuery.decode(.subscribe, request.fields)
                return .subscribe(Subscription(options: options, presentation: presentation))
            case .hours, .next:
                let answers = ScheduleAnswers(prepared: prepared, now: now)
                return .compute { () throws(ProtocolError) in try request.command == .hours ? answers.hours(request) : answers.next(request) }
            case .info:
                let info = InfoAnswer(snapshot: snapshot, age: snapshot.age(now: now), runtime: facts,
                                      subscribers: connections.subscribers, refreshing: refresh.chain != nil,
                                      menus: snapshot.zone.map { MenusAnswer.info(refresh.menus.shelf, round: refresh.menus.round != nil, zone: $0) } ?? "null")
                return .compute { info.render() }
            case .refresh:
                return .refresh
            case .menus:
                guard let zone = snapshot.zone else { return .reply(Reply.error(ProtocolError("no time-zone data in this build", code: .environment))) }
                let today = zone.localDate(of: now)
                let dates = try MenusAnswer.dates(request.fields, today: today)
                let days = refresh.menus.shelf.days.filter { dates.contains($0.key) }
                let answer = MenusAnswer(dates: dates, days: days, today: today, zone: zone, zoneName: snapshot.config.timeZone)
                return .compute { answer.render() }
            case .feed:
                let (held, bytes, zone) = (snapshot.held, snapshot.bytes, snapshot.zone)
                // Its age, so that what venuectl computes from it says "old" as status does.
                let staleness = snapshot.age(now: now).staleness
                return .compute {
                    Reply.ok([("source", JSONText.quote(held.source.rawValue)),
                              ("fetched_at", zone.map { Reply.time(held.fetchedAt, $0) } ?? "null"),
                              ("stale", "\(staleness != nil)"), ("stale_reason", JSONText.string(staleness?.name)),
                              ("feed", JSONText.quote(String(decoding: bytes, as: UTF8.self)))])
                }
            }
        } catch {
            return .reply(Reply.error(error))
        }
    }
}
