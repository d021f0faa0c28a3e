import VenueReports
import VenuectlGrammar
import VenuedProtocol
import VenuedSystem

/// Turns one request line into an answer from the held data. `status` is answered at
/// once from memory (from the lines `StatusAnswer` keeps for the current second, most
/// of the time); everything that can wait — on a file, a fetch or milliseconds of
/// computation — is handed back to the loop to run elsewhere.
struct RequestHandler: Sendable {
    enum Outcome {
        case reply(String)
        /// A new subscriber: its first line is rendered on a worker.
        case subscribe(Subscription)
        /// An answer to compute on a worker: `hours`, `next` and `info` build their zone
        /// and campus (about a millisecond each: the compute lane), so does a status
        /// question not answered this second that costs more than a prompt's (a
        /// template, many venue queries: `StatusAnswer.isCostly`), and a status that
        /// names a favorites file, a forwarded command line (venuectl.conf) or a zone not
        /// read yet reads a file, which a stalled disk could make take any time (the
        /// files lane).
        case work(Handoff.Lane, @Sendable () -> String)
        /// Fetch now; the answer comes when the refresh loop's chain is done.
        case refresh
    }

    let store: FeedStore
    let settings: LiveConfig
    let statusAnswer: StatusAnswer
    let clock: WallClock
    let describeRuntime: @Sendable () -> RuntimeFacts

    func handle(_ bytes: [UInt8]) -> Outcome {
        // A status request asked before this second, byte for byte: its line is kept.
        let now = clock.now()
        if let line = statusAnswer.line(forRequest: bytes, at: now) { return .reply(line) }
        do {
            let request = try Request(parsing: bytes)
            switch request.command {
            case .status:
                let (options, presentation) = try StatusQuery.decode(.status, request.fields)
                if !statusAnswer.readsFiles(options) {
                    if let cached = try statusAnswer.cachedLine(options, presentation: presentation, at: now) { return .reply(cached) }
                    if !StatusAnswer.isCostly(options, presentation: presentation) {
                        let line = try statusAnswer.line(options, presentation: presentation, at: now)
                        statusAnswer.remember(line, forRequest: bytes, options, at: now)
                        return .reply(line)
                    }
                }
                return .work(statusAnswer.readsFiles(options) ? .files : .compute) { [self] in
                    do throws(ProtocolError) { return try statusAnswer.line(options, presentation: presentation, at: clock.now()) } catch {
                        return Reply.error(error)
                    }
                }
            case .subscribe:
                let (options, presentation) = try StatusQuery.decode(.subscribe, request.fields)
                return .subscribe(Subscription(options: options, presentation: presentation))
            case .hours, .next:
                let answers = ScheduleAnswers(prepared: statusAnswer.prepared, config: settings.current, now: clock.now())
                return .work(.files) {
                    do throws(ProtocolError) {
                        return try request.command == .hours ? answers.hours(request) : answers.next(request)
                    } catch {
                        return Reply.error(error)
                    }
                }
            case .venuectl:
                return .work(.files) { [self] in
                    do throws(ProtocolError) { return try forwarded(request) } catch { return Reply.error(error) }
                }
            case .info:
                return .work(.compute) { [self] in
                    let held = store.held, config = settings.current
                    let age = store.age(of: held, refreshSeconds: config.refreshSeconds, now: clock.now())
                    return InfoAnswer(held: held, health: store.health, age: age, config: config, runtime: describeRuntime()).render()
                }
            case .refresh:
                return .refresh
            }
        } catch {
            return .reply(Reply.error(error))
        }
    }

    /// `venuectl status` as the client would run it (`ForwardedStatus`): always the text.
    /// A refusal in a bar's or a prompt's format also carries the error as that format
    /// shows it (`"text"`), which venuectl prints instead of failing (`BarError`).
    private func forwarded(_ request: Request) throws(ProtocolError) -> String {
        let (arguments, environment, tty) = try ForwardedStatus.decode(request.fields)
        let (options, presentation): (StatusOptions, StatusPresentation)
        do { (options, presentation) = try ForwardedCommandLine.resolve(arguments: arguments, environment: environment, stdoutIsTTY: tty) } catch {
            let format = StatusOptions.requestedFormat(arguments, environment: environment)
            return Self.refusal(ProtocolError(error), shown: format.flatMap { BarError.render(error, in: $0) })
        }
        do { return try statusAnswer.line(options, presentation: presentation, at: clock.now()) } catch {
            return Self.refusal(error, shown: BarError.render(brief: Self.brief(error.code), message: error.message, in: options.format))
        }
    }

    private static func refusal(_ error: ProtocolError, shown: String?) -> String {
        Reply.error(error, extra: shown.map { [("text", JSONText.quote($0))] } ?? [])
    }

    /// `BarError.brief` for what is left once the command line parsed: the venues, the
    /// favorites file, the zone.
    private static func brief(_ code: ErrorCode) -> String {
        switch code {
        case .unknownVenue: return "unknown venue"
        case .ambiguousVenue: return "ambiguous venue"
        case .unknownZone: return "unknown time zone"
        case .usage: return "usage error"
        case .environment, .badRequest, .refreshFailed, .busy, .forbidden: return "error"
        }
    }

    /// The answer to `refresh`, from the report of the chain that ran for it.
    func refreshAnswer(_ report: RefreshReport) -> String {
        let attempts = report.attempts.map { attempt in
            JSONText.object([("source", JSONText.quote(attempt.source.rawValue)), ("ok", "\(attempt.ok)"),
                             ("detail", JSONText.quote(attempt.detail))])
        }
        let held = store.held
        let members = [("source", JSONText.quote(held.source.rawValue)), ("attempts", JSONText.array(attempts))]
        guard report.succeeded else {
            let reasons = report.attempts.map { "\($0.source.rawValue): \($0.detail)" }.joined(separator: "; ")
            return Reply.error(ProtocolError("no source answered with venues (\(reasons)); still serving \(held.source.rawValue) data", code: .refreshFailed),
                               extra: members)
        }
        return Reply.ok(members)
    }
}
