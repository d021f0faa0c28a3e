/// Everything that stops venued at start, each with one line for the user and its own exit code.
enum DaemonError: Error, Equatable {
    case config(String), alreadyRunning(String), unreadable(String), invalidFeed(String), socket(String)
    case environment(String)
    var exitCode: Int32 { parts.exitCode }
    var message: String { parts.message }

    private var parts: (exitCode: Int32, message: String) {
        switch self {
        case .config(let text): (2, text)
        case .alreadyRunning(let text): (3, text)
        case .unreadable(let text): (4, text)
        case .invalidFeed(let text): (5, text)
        case .socket(let text): (6, text)
        case .environment(let text): (70, text)
        }
    }
}
