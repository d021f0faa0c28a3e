import VenueReports
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
        do {
            let request = try Request(parsing: bytes)
            switch request.command {
            case .status:
                let (options, presentation) = try StatusQuery.decode(.status, request.fields)
                let now = clock.now()
                if !statusAnswer.readsFiles(options) {
                    if let cached = try statusAnswer.cachedLine(options, presentation: presentation, at: now) { return .reply(cached) }
                    if !StatusAnswer.isCostly(options, presentation: presentation) {
                        return .reply(try statusAnswer.line(options, presentation: presentation, at: now))
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
    private func forwarded(_ request: Request) throws(ProtocolError) -> String {
        let (arguments, environment, tty) = try ForwardedStatus.decode(request.fields)
        let (options, presentation): (StatusOptions, StatusPresentation)
        do { (options, presentation) = try ForwardedCommandLine.resolve(arguments: arguments, environment: environment, stdoutIsTTY: tty) } catch {
            throw ProtocolError(error)
        }
        return try statusAnswer.line(options, presentation: presentation, at: clock.now())
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
