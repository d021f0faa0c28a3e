import DiningHours
import VenueReports
import VenuedProtocol

extension ConnectionServer {
    enum Outcome {
        case reply(String)
        /// Boxed: a subscription is hundreds of bytes, and unboxed it would size every outcome.
        indirect case subscribe(Subscription)
        case compute(@Sendable () throws(ProtocolError) -> String)
        case refresh
        case parse([UInt8], at: Instant)
    }

    /// `bytes` is valid for the call only: a hit in this second's lines is answered without copying them.
    mutating func handle(_ bytes: UnsafeRawBufferPointer, for connection: inout Connection) -> Outcome {
        let now = answerTime()
        if let line = lines.line(forRequest: bytes, version: prepared.version, at: now) { return .reply(line) }
        // Parsing 16 KB costs the loop what a hundred prompts do: a long line is parsed where clients wait in turn.
        if bytes.count > Self.longLine { return .parse(Array(bytes), at: now) }
        do {
            let request = try Request(parsing: Array(bytes))
            if request.more { connection.singleRequest = false }
            // A `more` is not remembered: a hit is answered unparsed, and so would lose it.
            return outcome(of: request, remembering: request.more ? nil : bytes, at: now)
        } catch {
            return .reply(Reply.error(error))
        }
    }

    mutating func outcome(of request: Request, remembering bytes: UnsafeRawBufferPointer?, at now: Instant) -> Outcome {
        do {
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
                if let bytes { lines.remember(line, forRequest: bytes, version: prepared.version, at: now) }
                return .reply(line)
            case .subscribe:
                let (options, presentation) = try StatusQuery.decode(.subscribe, request.fields)
                return .subscribe(Subscription(options: options, presentation: presentation))
            case .hours, .next:
                let answers = ScheduleAnswers(prepared: prepared, now: now)
                return .compute { () throws(ProtocolError) in try request.command == .hours ? answers.hours(request) : answers.next(request) }
            case .info:
                // The zone was validated when the config was read.
                guard let zone = snapshot.zone else { return .reply(Reply.error(ProtocolError("no time-zone data in this build", code: .environment))) }
                return .reply(InfoAnswer(snapshot: snapshot, age: snapshot.age(now: now), runtime: facts,
                                         subscribers: connections.subscribers, refreshing: refresh.chain != nil,
                                         menus: MenusAnswer.info(refresh.menus.shelf, round: refresh.menus.round != nil, zone: zone),
                                         zone: zone, coverage: heldCoverage(in: zone)).render())
            case .refresh: return .refresh
            case .menus:
                guard let zone = snapshot.zone else { return .reply(Reply.error(ProtocolError("no time-zone data in this build", code: .environment))) }
                let today = zone.localDate(of: now)
                let dates = try MenusAnswer.dates(request.fields, today: today)
                let days = refresh.menus.shelf.days.filter { dates.contains($0.key) }
                let answer = MenusAnswer(dates: dates, days: days, today: today, zone: zone, zoneName: snapshot.config.timeZone)
                return .compute { answer.render() }
            case .feed:
                let (held, bytes, zone) = (snapshot.held, snapshot.bytes, snapshot.zone)
                // So that what venuectl computes from it says "old" as status does.
                let staleness = snapshot.age(now: now).staleness
                return .compute {
                    Reply.ok([("source", JSONText.quote(held.source.rawValue)),
                              ("fetched_at", zone.map { Reply.time(held.fetchedAt, $0) } ?? "null"),
                              ("stale", "\(staleness != nil)"), ("stale_reason", JSONText.string(staleness?.name)),
                              ("feed", JSONText.quote(String(decoding: bytes, as: UTF8.self)))])
                }
            }
        } catch { return .reply(Reply.error(error)) }
    }

    static func parsedOffLoop(_ bytes: [UInt8], token: UInt64, prepared: Prepared, at now: Instant) -> Handoff.Finished {
        do throws(ProtocolError) {
            let request = try Request(parsing: bytes)
            guard request.command == .status, !request.more else { return .parsed(token: token, request, at: now) }
            let (options, presentation) = try StatusQuery.decode(.status, request.fields)
            return .answer(token: token, try prepared.line(options, presentation: presentation, favorites: Favorites(sentIn: options), at: now))
        } catch { return .answer(token: token, Reply.error(error)) }
    }
}
