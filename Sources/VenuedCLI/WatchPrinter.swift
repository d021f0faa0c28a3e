import DiningHours

/// What `watch` prints: each answer once (the same text twice in a row is skipped, as
/// after a reconnect that changed nothing), as `status` would print it.
struct WatchPrinter {
    let rendering: DaemonRequest.Rendering?
    private(set) var printed = 0
    private var last: String?

    init(rendering: DaemonRequest.Rendering?) { self.rendering = rendering }

    /// A pushed answer: venued's rendered text, or its JSON object without `"ok"`.
    mutating func print(_ answer: DaemonConnection.Answer) {
        if rendering == nil {
            emit((answer.objectWithoutOK ?? answer.line) + "\n")
        } else if case .string(let text)? = answer.value["text"] {
            emit(text)
        }
    }

    /// A locally computed report, rendered as venued would have.
    mutating func print(_ report: StatusReport) {
        guard let rendering else { return emit(StatusJSON.render(report)) }
        emit(StatusText(report: report, color: rendering.color, userZone: rendering.userZone).render())
    }

    private mutating func emit(_ text: String) {
        guard text != last else { return }
        last = text
        printed += 1
        Venuectl.write(text)
    }
}
