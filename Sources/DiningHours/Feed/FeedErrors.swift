/// Both parts quote the feed (names, dates, keys), so both are cleaned as one line.
public struct FeedWarning: Sendable, Equatable, CustomStringConvertible {
    public let location, reason: String

    public init(location: String, reason: String) {
        (self.location, self.reason) = (UntrustedText.singleLine(location), UntrustedText.singleLine(reason))
    }

    public var description: String { location.isEmpty ? reason : "\(location): \(reason)" }
}

public enum FeedError: Error, Equatable, Sendable, CustomStringConvertible {
    case syntax(JSONSyntaxError)
    case upstreamError(String)
    case notAVenueList(String)
    case tooLarge(String)

    public var description: String {
        switch self {
        case .syntax(let error): return "\(error)"
        case .upstreamError(let message): return "the server reported an error instead of venues: \(message)"
        case .notAVenueList(let found): return "not a venue list: expected a JSON array of venues, found \(found)"
        case .tooLarge(let reason): return "too large to be a venue list: \(reason)"
        }
    }
}
