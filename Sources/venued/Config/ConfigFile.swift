import VenuedSystem

/// venued's config file, checked against venued's own keys; the syntax is `KeyValueLine`'s.
enum ConfigFile {
    struct Contents {
        var settings: [(Setting, String)] = []
        var prompts: [(name: String, value: String, location: String)] = []
    }

    static func parse(_ text: String, path: String) throws(DaemonError) -> Contents {
        let lines = try KeyValueLine.parse(text, path: path).mapError { DaemonError.config($0.message) }.get()
        var contents = Contents()
        for line in lines {
            if line.key.hasPrefix(PromptSetting.keyPrefix) {
                contents.prompts.append((String(line.key.dropFirst(PromptSetting.keyPrefix.count)), line.value, "\(path):\(line.number)"))
                continue
            }
            guard let setting = Setting.all.first(where: { $0.key == line.key }) else {
                let keys = Setting.all.map(\.key).joined(separator: ", ")
                throw .config("\(path):\(line.number): unknown key '\(line.key)' (the keys are \(keys), and \(PromptSetting.keyPrefix)NAME)")
            }
            contents.settings.append((setting, line.value))
        }
        return contents
    }
}
