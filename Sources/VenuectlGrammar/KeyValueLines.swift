import VenuedSystem

/// The `key = value` files of both programs (venued's `config`, venuectl's
/// `venuectl.conf`): one setting a line, `#` starts a comment line, blank lines are
/// ignored, a value runs to the end of its line (a URL may hold `#`). Each file checks
/// its own keys; the syntax and its error lines (`path:line: ...`) are shared here.
/// An error may quote a key, or the value of a known key, which the user wrote in their
/// own config file; never a line it cannot read as a setting.
public struct KeyValueLine: Sendable {
    /// 1-based, for `path:line:` in messages.
    public let number: Int
    public let key: String
    public let value: String

    /// The settings of `text` in file order, or the first malformed or repeated line as
    /// `path:line: ...`.
    public static func parse(_ text: String, path: String) -> Result<[KeyValueLine], KeyValueError> {
        var lines: [KeyValueLine] = []
        var seen: [String: Int] = [:]
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = raw.trimming([" ", "\t", "\r"])
            if line.isEmpty || line.hasPrefix("#") { continue }
            // The line is not quoted: a file without `=` on a line is likely not a config
            // file at all (a path set by mistake, a credentials file), and its line is no
            // one's business in a log or a terminal. The number is enough to find it.
            guard let equals = line.firstIndex(of: "=") else {
                return .failure(KeyValueError("\(path):\(number): not a 'key = value' line (a comment line starts with '#')"))
            }
            let key = line[..<equals].trimming([" ", "\t"])
            if let earlier = seen[key] { return .failure(KeyValueError("\(path):\(number): '\(key)' is already set on line \(earlier)")) }
            seen[key] = number
            lines.append(KeyValueLine(number: number, key: key, value: line[line.index(after: equals)...].trimming([" ", "\t"])))
        }
        return .success(lines)
    }
}

/// A malformed line, already worded as `path:line: what is wrong`.
public struct KeyValueError: Error, Sendable {
    public let message: String
    package init(_ message: String) { self.message = message }
}
