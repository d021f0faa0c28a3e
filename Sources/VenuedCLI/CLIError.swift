/// Everything that can stop `venuectl`, each with one line for the user and its own
/// exit code so that scripts can tell them apart (see README, "Exit codes").
public enum CLIError: Error, Equatable, CustomStringConvertible {
    /// A flag, value or argument the command does not accept: exit 2.
    case usage(String)
    /// No venue matches: exit 3.
    case unknownVenue(String, suggestions: [String])
    /// The data file cannot be read: exit 4.
    case unreadableData(path: String, reason: String)
    /// The data file is not a venue list: exit 5.
    case invalidData(path: String, reason: String)
    /// The build cannot compute in real zones: exit 70.
    case environment(String)

    public var exitCode: Int32 {
        switch self {
        case .usage: return 2
        case .unknownVenue: return 3
        case .unreadableData: return 4
        case .invalidData: return 5
        case .environment: return 70
        }
    }

    public var description: String {
        switch self {
        case .usage(let message):
            return "\(message) (see 'venuectl status --help')"
        case .unknownVenue(let query, let suggestions):
            let hint = suggestions.isEmpty
                ? "run 'venuectl status' to list the venues"
                : "did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?"
            return "no venue matches '\(query)': \(hint)"
        case .unreadableData(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .invalidData(let path, let reason):
            return "\(path) is not usable venue data: \(reason)"
        case .environment(let message):
            return message
        }
    }
}
