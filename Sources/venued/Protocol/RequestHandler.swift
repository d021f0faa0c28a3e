import VenueReports
import VenuedProtocol
import VenuedSystem

/// Turns one request line into an answer from the held data. `status` answers at once
/// (from the lines `Prepared` keeps for the current second, most of the time), and
/// `subscribe` hands the connection to the hub; the other commands are left for the
/// caller to run off its connection loop.
struct RequestHandler: Sendable {
    enum Outcome {
        case reply(String)
        case subscribe(Subscription)
        /// An answer to compute on another thread: `refresh` waits for a fetch (up to
        /// twice the timeout), and `hours`, `next` and `info` build their zone and campus
        /// from scratch (0.9 to 4.4 ms each in a release build), which would hold up
        /// every other client of the loop meanwhile.
        case slow(@Sendable () -> String)
        /// An answer that reads files the client named (its venuectl.conf, a favorites
        /// file): quick, but computed on the reader thread so that no file, however
        /// slow its disk, can hold up the loop.
        case readsFiles(@Sendable () -> String)
    }

    let store: FeedStore
    let settings: LiveConfig
    let statusAnswer: StatusAnswer
    let clock: WallClock
    let refresher: FeedRefresher
    let refreshLoop: RefreshLoop
    let describeRuntime: @Sendable () -> RuntimeFacts

    func handle(_ bytes: [UInt8]) -> Outcome {
        do {
            let request = try Request(parsing: bytes)
            switch request.command {
            case .status:
                let (options, presentation) = try StatusQuery.decode(.status, request.fields)
                guard options.favorites else { return .reply(try statusAnswer.line(options, presentation: presentation, at: clock.now())) }
                return .readsFiles { [self] in
                    do throws(ProtocolError) { return try statusAnswer.line(options, presentation: presentation, at: clock.now()) } catch {
                        return Reply.error(error)
                    }
                }
            case .subscribe:
                let (options, presentation) = try StatusQuery.decode(.subscribe, request.fields)
                // Fail now, on this line, rather than on the first push.
                _ = try statusAnswer.report(options, at: clock.now())
                return .subscribe(Subscription(options: options, presentation: presentation))
            case .hours, .next:
                let answers = ScheduleAnswers(prepared: statusAnswer.prepared, config: settings.current, now: clock.now())
                return .slow {
                    do throws(ProtocolError) {
                        return try request.command == .hours ? answers.hours(request) : answers.next(request)
                    } catch {
                        return Reply.error(error)
                    }
                }
            case .venuectl:
                return .readsFiles { [self] in
                    do throws(ProtocolError) { return try forwarded(request) } catch { return Reply.error(error) }
                }
            case .info:
                return .slow { [self] in
                    let held = store.held, config = settings.current
                    let age = store.age(of: held, refreshSeconds: config.refreshSeconds, now: clock.now())
                    return InfoAnswer(held: held, health: store.health, age: age, config: config, runtime: describeRuntime()).render()
                }
            case .refresh:
                return .slow { [self] in refresh() }
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

    /// Fetches now and answers when the chain is done.
    private func refresh() -> String {
        let report = refresher.refresh()
        refreshLoop.wake()
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
