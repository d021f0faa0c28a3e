/// Userinfo, query and fragment, where feeds carry credentials, become `***`, here alone so no text forgets one.
public struct RedactedURL: CustomStringConvertible, Sendable {
    public let description: String

    public init(_ url: String) {
        var rest = Substring(url), scheme = ""
        if let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://") {
            let end = rest.index(colon, offsetBy: 3)
            scheme = String(rest[..<end])
            rest = rest[end...]
        }
        // The authority ends at the first '/', '?' or '#'; userinfo is what comes before its last '@'.
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var authority = rest[..<authorityEnd], path = rest[authorityEnd...]
        if let at = authority.lastIndex(of: "@") { authority = "***@" + authority[authority.index(after: at)...] }
        var tail = ""
        if let mark = path.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            tail = path[mark] == "?" ? "?***" : "#***"
            path = path[..<mark]
        }
        description = scheme + authority + path + tail
    }
}
