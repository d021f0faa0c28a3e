/// Never treated as "no menus": that is `[]`, an answer of its own.
public enum MenuError: Error, Equatable, Sendable, CustomStringConvertible {
    case syntax(JSONSyntaxError)
    case notAMenuList(String)
    case tooLarge(String)

    public var description: String {
        switch self {
        case .syntax(let error): return "\(error)"
        case .notAMenuList(let found): return "not a menus list: expected a JSON array of menus, found \(found)"
        case .tooLarge(let reason): return "too large to be a menus list: \(reason)"
        }
    }
}

public struct MenuDocument: Sendable {
    public let menus: [Menu]
    public let warnings: [FeedWarning]
    public let warningCount: Int
}
