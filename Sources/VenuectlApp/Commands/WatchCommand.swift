import DiningHours
import Glibc
import VenueReports
import VenuectlGrammar
import VenuedProtocol
import VenuedSystem

/// `watch` follows venued's `subscribe` stream; while venued is away, the local copy, reconnecting with backoff.
enum WatchCommand {
    struct Options: Sendable { var status = StatusOptions(), count: Int? }

    static let countFlag = FlagTable<Options>.Flag(name: "--count", value: "N", help: "exit after printing N answers") { o, value throws(AnswerError) in
        guard let n = Int(value), n > 0 else { throw .usage("--count takes a whole number above 0, not '\(value)'", help: "venuectl watch --help") }
        o.count = n
    }

    static let table = FlagTable<Options>(helpCommand: "venuectl watch --help", flags: StatusOptions.table.flags.map { flag in
        guard flag.name == "--at" else { return flag.lifted(to: \.status) }
        return .init(name: flag.name, value: flag.value, help: flag.help) { _, _ throws(AnswerError) in
            throw .usage("watch follows the present: --at is for 'venuectl status'", help: "venuectl watch --help")
        }
    } + [countFlag])

    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        var parsed = Options()
        _ = try answering(try StatusOptions.parse(arguments, table: table, into: &parsed, status: \.status, environment: context.environment))
        let options = try context.resolvingFavorites(parsed.status), count = parsed.count
        if options.help { return try Venuectl.done(helpText + "\n") }
        var printer = WatchPrinter(presentation: context.presentation(options.format), stdoutIsTTY: context.stdoutIsTTY)
        // Every way out, an error included, gives the terminal its own screen back.
        defer { printer.finish() }
        var failures = 0, lastFailure: DaemonFailure?
        // Loaded once: the data does not change while venued is away.
        var local: (copy: FeedCopy, campus: Campus)?
        let timer = WallTimer()
        while count.map({ printer.printed < $0 }) ?? true {
            if options.data == nil {
                guard let (failure, hadStream) = try follow(options, context, &printer, until: count) else {
                    try printer.finishShowingLast()
                    return 0
                }
                lastFailure = failure
                failures = hadStream ? 1 : failures + 1
                if failures == 1 {
                    try printer.say("\(failure.reason); following the local copy and retrying — \(failure.hint)")
                }
            }
            if local == nil {
                let copy = try LocalFeed.load(options.data, environment: context.environment).copy
                local = (copy, Campus(feed: copy.feed, zone: try answering(try StatusReport.zone(options.tz))))
            }
            guard let (copy, campus) = local else { break }
            let retry = options.data == nil
                ? Backoff.delay(failures: failures, base: 0.5, cap: 30, unit: Double.random(in: 0..<1))
                : Double.infinity
            let clock = WallClock(), now = clock.now()
            let age = lastFailure.map { DataAge.fallback(copy, unreachableHint: $0.hint, now: now) } ?? DataAge()
            let report = try answering(try StatusReport(options: options, campus: campus, source: copy.source, now: now,
                                                        favorites: try Favorites.load(for: options), dataAge: age))
            try printer.print(report)
            let wake = Redraw.next(after: report, campus: campus, presentation: printer.presentation)
            let next = min(wake.map { Double($0.secondsSinceEpoch) } ?? .infinity, clock.preciseNow() + retry)
            guard count.map({ printer.printed < $0 }) ?? true else { break }
            // A wall-clock deadline, not a sleep (a suspend or clock step cannot shift it); a gone reader ends it too.
            guard let timer else { throw .environment("venuectl cannot create a timerfd: \(String(cString: strerror(errno)))") }
            if case .other = timer.wait(until: next, watching: OutputReader.pollEntry()) { throw .outputFailed(errno: EPIPE) }
        }
        try printer.finishShowingLast()
        return 0
    }

    /// nil once `count` answers are printed, else why the stream ended. A gone reader ends `watch`: no orphaned slot.
    private static func follow(_ options: StatusOptions, _ context: Context, _ printer: inout WatchPrinter,
                               until count: Int?) throws(CLIError) -> (DaemonFailure, hadStream: Bool)? {
        let connection = DaemonConnection(flag: options.socket, environment: context.environment, uid: context.uid)
        let budget = DaemonStatus.budget
        let presentation = printer.presentation, json = presentation.format == .json
        let request = StatusQuery.request(.subscribe, options, presentation: json ? nil : presentation)
        let stream: DaemonStream
        do { stream = try connection.open(request, until: Monotonic.seconds() + budget, seconds: budget).get() } catch {
            return (error, false)
        }
        defer { stream.close() }
        var answered = false
        while true {
            let deadline = answered ? Double.infinity : Monotonic.seconds() + budget
            switch stream.next(until: deadline, seconds: budget, watchingOutput: true) {
            // `--dishes`: a text says a followed dish in its own lines; JSON prints venued's `dish` event as it came.
            case .answer(let answer) where answer.ok && answer.value["event"] == .string("dish") && !json: continue
            case .answer(let answer) where answer.ok:
                if !answered { try printer.say(nil) }
                answered = true
                try printer.print(answer)
                if let count, printer.printed >= count { return nil }
            case .answer(let answer):
                return (.unusable(connection.path, "ended the subscription (\(answer.refusal))"), answered)
            case .failure(let failure): return (answered ? .unusable(connection.path, "went away") : failure, answered)
            case .outputReaderGone: throw .outputFailed(errno: EPIPE)
            }
        }
    }

    static var helpText: String {
        """
        usage: venuectl watch [VENUE...] [options]

        The status of 'venuectl status', printed again each time it changes: at openings,
        closings and new data. Follows venued's stream; while venued is down, follows the
        local copy and reconnects (0.5 s doubling to 30 s). Stop it with Ctrl-C.
        Plain text is redrawn in place on a terminal (its own screen comes back at the
        end), and is a log of changes in a pipe: one block per change, clock times.

        options: those of 'venuectl status' (but --at), and
          \(countFlag.spec.name) \(countFlag.spec.value ?? "")  \(countFlag.spec.help)

        exit codes: 0 stopped after --count, 2 usage, 3 unknown venue, 4/5 unusable --data file,
        74 stdout cannot be written, or its reader went away (quietly: 'watch | head -c 1')
        """
    }
}

/// Each answer once: `stream` for bars, `screen` redrawn in place on a terminal's alternate screen, `log` into a pipe
/// with clock times instead of countdowns, so that a block is a record that stays true.
struct WatchPrinter {
    enum Mode: Equatable { case stream, screen, log }
    let presentation: StatusPresentation
    let mode: Mode
    private(set) var printed = 0
    private var last: String?
    private var lastBlock = ""
    /// Under the block on the screen, else on stderr.
    private var notice: String?
    private var onScreen = false
    /// The first line from the local copy is a JSON `snapshot`, as venued's first push is.
    private var followingLocalCopy = false

    init(presentation: StatusPresentation, stdoutIsTTY: Bool) {
        // On the screen, lines fit the terminal (read once), so that a wrapped line does not push the block off it.
        mode = presentation.format != .plain ? .stream : stdoutIsTTY ? .screen : .log
        self.presentation = mode == .stream ? presentation
            : stdoutIsTTY ? presentation.fitting(TerminalScreen.columns()) : presentation.withoutCountdown()
    }

    mutating func print(_ answer: Answer) throws(CLIError) {
        followingLocalCopy = false
        if presentation.format == .json {
            try emit(answer.line + "\n")
        } else if case .string(let text)? = answer.value["text"] { try emit(text) }
    }

    /// JSON has the shape of venued's push, compared without its instants, which move with every step.
    mutating func print(_ report: StatusReport) throws(CLIError) {
        guard presentation.format == .json else { return try emit(presentation.render(report)) }
        let members = StatusJSON.members(report)
        let event = followingLocalCopy ? "transition" : "snapshot"
        followingLocalCopy = true
        try emit(Reply.event(event, members), unless: StatusJSON.shown(members))
    }

    /// nil clears the screen's notice once venued is followed again.
    mutating func say(_ line: String?) throws(CLIError) {
        guard mode == .screen else {
            if let line { Venuectl.writeError("venuectl: " + line) }
            return
        }
        guard line != notice else { return }
        notice = line
        if onScreen { try draw() }
    }

    mutating func finish() {
        if onScreen { TerminalScreen.leave() }
        onScreen = false
    }

    /// `--count` is done: its answer must not vanish with the alternate screen.
    mutating func finishShowingLast() throws(CLIError) {
        guard onScreen else { return }
        finish()
        try Venuectl.write(lastBlock)
    }

    private mutating func emit(_ text: String, unless key: String? = nil) throws(CLIError) {
        let key = key ?? text
        guard key != last else { return }
        last = key
        switch mode {
        case .screen:
            lastBlock = text
            try draw()
        case .log: try Venuectl.write((printed == 0 ? "" : "\n") + text)
        case .stream where presentation.format == .i3bar:
            if printed == 0 { try Venuectl.write("{\"version\":1}\n[\n") }
            try Venuectl.write(text.hasSuffix("\n") ? String(text.dropLast()) + ",\n" : text + ",\n")
        case .stream: try Venuectl.write(text)
        }
        printed += 1
    }

    private mutating func draw() throws(CLIError) {
        if !onScreen {
            guard TerminalScreen.enter() else { throw .outputFailed(errno: errno) }
            onScreen = true
        }
        let note = notice.map { line in
            let said = "venuectl: " + line
            let lines = presentation.columns.map { said.wrapped(to: $0) } ?? [said]
            let dimmed = lines.map { presentation.color ? "\u{1B}[2m" + $0 + "\u{1B}[0m" : $0 }
            return "\n" + dimmed.joined(separator: "\n") + "\n"
        }
        // Each line and what is below are cleared, so a shorter block leaves nothing of the one before.
        let text = UntrustedText.terminalOutput(lastBlock + (note ?? ""))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0 + TerminalScreen.clearLine }
        try Venuectl.writeDocument(TerminalScreen.home + lines.joined(separator: "\n") + TerminalScreen.clearBelow)
    }
}
