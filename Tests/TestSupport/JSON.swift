import Foundation

/// The JSON object in `text`, or an empty one: a test then fails on the field it reads.
public func jsonObject(_ text: some StringProtocol) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
}

/// One JSON object a line, as `watch --json` and the subscribe stream write them.
public func jsonLines(_ text: String) -> [[String: Any]] {
    text.split(separator: "\n").map { jsonObject($0) }
}
