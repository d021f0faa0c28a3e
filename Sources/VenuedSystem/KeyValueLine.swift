/// Both programs' `key = value` files: `#` starts a comment line; a value runs to its line's end (a URL may hold `#`).
public struct KeyValueLine: Sendable {
    public let number: Int
    public let key: String
    public let value: String

    public static func parse(_ text: String, path: String) -> Result<[KeyValueLine], KeyValueError> {
        var lines: [KeyValueLine] = []
        var seen: [String: Int] = [:]
        for (number, line) in contentLines(text) {
            // Unquoted: a file without `=` is likely no config file (a mistaken path, credentials): not for a log.
            guard let setting = KeyValueLine(line, number: number) else {
                return .failure(KeyValueError("\(path):\(number): not a 'key = value' line (a comment line starts with '#')"))
            }
            if let earlier = seen[setting.key] { return .failure(KeyValueError("\(path):\(number): '\(setting.key)' is already set on line \(earlier)")) }
            seen[setting.key] = number
            lines.append(setting)
        }
        return .success(lines)
    }

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
