/// The warnings of one decoding pass (venues or menus): the first `limit` word for word, the rest only
/// counted, so that a million bad elements cost a counter, not a million messages.
struct WarningLog {
    let limit: Int
    private(set) var warnings: [FeedWarning] = []
    private(set) var count = 0

    init(limit: Int) { self.limit = limit }

    mutating func warn(_ location: @autoclosure () -> String, _ reason: @autoclosure () -> String) {
        count += 1
        if warnings.count < limit { warnings.append(FeedWarning(location: location(), reason: reason())) }
    }

    /// A string field cut to `limit` bytes, with a warning when it was longer; nil when the field is not a string.
    mutating func text(_ json: JSONValue?, _ limit: Int, field: String, at location: @autoclosure () -> String) -> String? {
        guard let text = FeedDecoder.text(json) else { return nil }
        guard text.utf8.count > limit else { return text }
        warn(location(), "\(field) is \(text.utf8.count) bytes; cut to \(limit)")
        return FeedDecoder.cut(text, limit)
    }
}
