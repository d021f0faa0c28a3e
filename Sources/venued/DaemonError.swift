/// Everything that stops venued at start, each with one line for the user and its own exit code.
enum DaemonError: Error, Equatable {
    /// A bad flag, config key or value: exit 2.
    case config(String)
    /// Another venued answers on the socket: exit 3.
    case alreadyRunning(String)
    /// `--check`: the file cannot be read: exit 4.
    case unreadable(String)
    /// `--check`: the file is not a usable venue list: exit 5.
    case invalidFeed(String)
    /// The socket or its directory cannot be set up: exit 6.
    case socket(String)
    /// This build cannot compute in real time zones: exit 70.
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
