import VenuedCLI

/// The `key = value` config file: one setting a line, `#` starts a comment line,
/// blank lines are ignored. Values run to the end of the line (a URL may hold `#`).
enum ConfigFile {
    /// The settings of `text` in file order, or the first problem with its line number.
    static func parse(_ text: String, path: String) throws(DaemonError) -> [(Setting, String)] {
        var result: [(Setting, String)] = []
        var seen: [String: Int] = [:]
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = raw.trimming([" ", "\t", "\r"])
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw .config("\(path):\(number): expected 'key = value', found '\(line)'")
            }
            let key = line[..<equals].trimming([" ", "\t"])
            let value = line[line.index(after: equals)...].trimming([" ", "\t"])
            guard let setting = Setting.all.first(where: { $0.key == key }) else {
                let keys = Setting.all.map(\.key).joined(separator: ", ")
                throw .config("\(path):\(number): unknown key '\(key)' (the keys are \(keys))")
            }
            if let earlier = seen[key] { throw .config("\(path):\(number): '\(key)' is already set on line \(earlier)") }
            seen[key] = number
            result.append((setting, value))
        }
        return result
    }
}
