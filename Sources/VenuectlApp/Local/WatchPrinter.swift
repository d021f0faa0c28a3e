import VenueReports
import VenuedProtocol

/// What `watch` prints: each answer once (the same text twice in a row is skipped, as
/// after a reconnect that changed nothing), as `status` would print it. For i3bar it
/// speaks the streaming protocol: a header, an endless array, one block list per line.
struct WatchPrinter {
    let presentation: StatusPresentation
    private(set) var printed = 0
    private var last: String?

    init(presentation: StatusPresentation) { self.presentation = presentation }

    /// A pushed answer: venued's rendered text, or its JSON object without `"ok"`.
    mutating func print(_ answer: Answer) throws(CLIError) {
        if presentation.format == .json {
            try emit((answer.payload ?? answer.line) + "\n")
        } else if case .string(let text)? = answer.value["text"] {
            try emit(text)
        }
    }

    /// A locally computed report, rendered as venued would have. JSON is compared without
    /// its instants (`StatusJSON.shown`): its `at` moves with every step.
    mutating func print(_ report: StatusReport) throws(CLIError) {
        let shown = presentation.format == .json ? StatusJSON.shown(StatusJSON.members(report)) : nil
        try emit(presentation.render(report), unless: shown)
    }

    /// Writes `text` unless `key` (the text itself by default) is what was last written.
    private mutating func emit(_ text: String, unless key: String? = nil) throws(CLIError) {
        let key = key ?? text
        guard key != last else { return }
        last = key
        if presentation.format == .i3bar {
            if printed == 0 { try Venuectl.write("{\"version\":1}\n[\n") }
            try Venuectl.write(text.hasSuffix("\n") ? String(text.dropLast()) + ",\n" : text + ",\n")
        } else {
            try Venuectl.write(text)
        }
        printed += 1
    }
}
