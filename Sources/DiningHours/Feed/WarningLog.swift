/// The first `limit` warnings word for word, the rest only counted: a million bad elements cost a counter.
struct WarningLog {
    let limit: Int
    private(set) var warnings: [FeedWarning] = []
    private(set) var count = 0

    mutating func warn(_ location: @autoclosure () -> String, _ reason: @autoclosure () -> String) {
        count += 1
        if warnings.count < limit { warnings.append(FeedWarning(location: location(), reason: reason())) }
    }

    mutating func skip<T>(_ location: @autoclosure () -> String, _ reason: @autoclosure () -> String) -> T? {
        warn(location(), reason())
        return nil
    }

    mutating func text(_ json: JSONValue?, _ limit: Int, field: String, at location: @autoclosure () -> String) -> String? {
        guard case .string(let text)? = json else { return nil }
        guard text.utf8.count > limit else { return text }
        warn(location(), "\(field) is \(text.utf8.count) bytes; cut to \(limit)")
        return FeedDecoder.cut(text, limit)
    }
}

protocol DecodingPass { var log: WarningLog { get set } }

extension DecodingPass {
    /// The first `limit` elements `decode` keeps (given each one's position from 1); a warning when more are listed.
    mutating func keep<T>(_ elements: [JSONValue], _ noun: String, limit: Int, at location: @autoclosure () -> String,
                          _ decode: (inout Self, JSONValue, Int) -> T?) -> [T] {
        var kept: [T] = []
        for (index, element) in elements.enumerated() {
            guard kept.count < limit else {
                log.warn(location(), "lists \(elements.count) \(noun); only the first \(limit) are kept")
                break
            }
            if let decoded = decode(&self, element, index + 1) { kept.append(decoded) }
        }
        return kept
    }
}
