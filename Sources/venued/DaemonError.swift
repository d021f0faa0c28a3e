/// Everything that stops venued at start, each with one line for the user and its own exit code.
enum DaemonError: Error, Equatable {
    case config(String), alreadyRunning(String), unreadable(String), invalidFeed(String), socket(String)
    case environment(String)

    var exitCode: Int32 {
        switch self {
        case .config: return 2
        case .alreadyRunning: return 3
        case .unreadable: return 4
        case .invalidFeed: return 5
        case .socket: return 6
        case .environment: return 70
        }
    }

    var message: String {
        switch self {
        case .config(let text), .alreadyRunning(let text), .unreadable(let text),
             .invalidFeed(let text), .socket(let text), .environment(let text):
            return text
        }
    }
}
