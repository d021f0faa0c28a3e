/// The `key = value` syntax of both programs' files: `#` starts a comment line and a value runs to the end of
/// its line (a URL may hold `#`). An error may quote a key, or a known key's value, the user wrote; never a
/// line it cannot read as a setting.
public struct KeyValueLine: Sendable {
    /// 1-based, for `path:line:` in messages.
    public let number: Int
    public let key: String
    public let value: String

    /// The settings of `text` in file order, or the first malformed or repeated line.
    public static func parse(_ text: String, path: String) -> Result<[KeyValueLine], KeyValueError> {
        var lines: [KeyValueLine] = []
        var seen: [String: Int] = [:]
        for (number, line) in contentLines(text) {
            // The line is not quoted: a file without `=` is likely not a config file at all (a path set by
            // mistake, a credentials file), and its line is no one's business in a log.
            guard let setting = KeyValueLine(line, number: number) else {
                return .failure(KeyValueError("\(path):\(number): not a 'key = value' line (a comment line starts with '#')"))
            }
            if let earlier = seen[setting.key] { return .failure(KeyValueError("\(path):\(number): '\(setting.key)' is already set on line \(earlier)")) }
            seen[setting.key] = number
            lines.append(setting)
        }
        return .success(lines)
    }

    /// Whatever else `text` holds, the first of a repeated key winning: for a file read for one key while
    /// another line may be wrong, and for a file venued writes (a newer venued's keys are skipped).
    public static func lenient(_ text: String) -> [String: String] {
        var settings: [String: String] = [:]
        for (number, line) in contentLines(text) {
            guard let setting = KeyValueLine(line, number: number), settings[setting.key] == nil else { continue }
            settings[setting.key] = setting.value
        }
        return settings
    }

    private static func contentLines(_ text: String) -> [(Int, String)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, raw in
            let line = raw.trimming([" ", "\t", "\r"])
            return line.isEmpty || line.hasPrefix("#") ? nil : (index + 1, line)
        }
    }

    private init?(_ line: String, number: Int) {
        guard let equals = line.firstIndex(of: "=") else { return nil }
        self.number = number
        key = line[..<equals].trimming([" ", "\t"])
        value = line[line.index(after: equals)...].trimming([" ", "\t"])
    }
}

/// A malformed line, already worded as `path:line: what is wrong`.
public struct KeyValueError: Error, Sendable {
    public let message: String
    package init(_ message: String) { self.message = message }
}
