import DiningHours

/// What `watch` prints: each answer once (the same text twice in a row is skipped, as
/// after a reconnect that changed nothing), as `status` would print it. For i3bar it
/// speaks the streaming protocol: a header, an endless array, one block list per line.
struct WatchPrinter {
    let presentation: StatusPresentation
    private(set) var printed = 0
    private var last: String?

    init(presentation: StatusPresentation) { self.presentation = presentation }

    /// A pushed answer: venued's rendered text, or its JSON object without `"ok"`.
    mutating func print(_ answer: DaemonConnection.Answer) {
        if presentation.format == .json {
            emit((answer.objectWithoutOK ?? answer.line) + "\n")
        } else if case .string(let text)? = answer.value["text"] {
            emit(text)
        }
    }

    /// A locally computed report, rendered as venued would have.
    mutating func print(_ report: StatusReport) { emit(presentation.render(report)) }

    private mutating func emit(_ text: String) {
        guard text != last else { return }
        last = text
        if presentation.format == .i3bar {
            if printed == 0 { Venuectl.write("{\"version\":1}\n[\n") }
            Venuectl.write(text.hasSuffix("\n") ? String(text.dropLast()) + ",\n" : text + ",\n")
        } else {
            Venuectl.write(text)
        }
        printed += 1
    }
}
