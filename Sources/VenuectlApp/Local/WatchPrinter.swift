import Glibc
import VenueReports
import VenuedProtocol
import VenuedSystem

/// What `watch` prints: each answer once, as `status` would print it, and where: `stream` for the bars (i3bar's
/// streaming protocol too); `screen`, plain on a terminal, redrawn in place on the alternate screen with watch's
/// notice under it; `log`, plain into a pipe or a file, with clock times instead of countdowns, so that a block is
/// a record that stays true.
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
        } else if case .string(let text)? = answer.value["text"] {
            try emit(text)
        }
    }

    /// JSON has the shape of venued's push (a `snapshot`, then `transition`s), compared without its instants
    /// (`StatusJSON.shown`): its `at` moves with every step.
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
            return "\n" + lines.map { Venuectl.dim($0, color: presentation.color) }.joined(separator: "\n") + "\n"
        }
        try Venuectl.writeScreen(lastBlock + (note ?? ""))
    }
}
