import VenuectlGrammar

/// venued's `key = value` config file (syntax shared with venuectl.conf: `KeyValueLine`),
/// checked against venued's own keys.
enum ConfigFile {
    /// The settings of `text` in file order, or the first problem with its line number.
    static func parse(_ text: String, path: String) throws(DaemonError) -> [(Setting, String)] {
        let lines: [KeyValueLine]
        switch KeyValueLine.parse(text, path: path) {
        case .success(let parsed): lines = parsed
        case .failure(let error): throw .config(error.message)
        }
        var result: [(Setting, String)] = []
        for line in lines {
            guard let setting = Setting.all.first(where: { $0.key == line.key }) else {
                let keys = Setting.all.map(\.key).joined(separator: ", ")
                throw .config("\(path):\(line.number): unknown key '\(line.key)' (the keys are \(keys))")
            }
            result.append((setting, line.value))
        }
        return result
    }
}
