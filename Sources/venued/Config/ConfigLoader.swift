import Glibc
import VenuedSystem

/// Builds the `Config` at start and again on SIGHUP by the same steps, so a reload means exactly what a restart would.
struct ConfigLoader: Sendable {
    let environment: [String: String]
    let uid: UInt32
    let overrides: [(Setting, String)]
    var path: String? { VenuedPaths.configFile(environment: environment) }

    func load() throws(DaemonError) -> Config {
        let config = try read()
        guard !config.cacheDirectory.isEmpty else {
            throw .config("neither XDG_CACHE_HOME nor HOME is set: set one, or give --cache-dir DIR")
        }
        return config
    }

    func read() throws(DaemonError) -> Config {
        var config = Config(environment: environment, uid: uid)
        if let path, let text = try Self.readIfPresent(path) {
            let contents = try ConfigFile.parse(text, path: path)
            for (setting, value) in contents.settings {
                do { try setting.apply(&config, value) } catch { throw .config("\(path): \(error.message)") }
            }
            config.prompts = contents.prompts.enumerated().map { index, line in
                guard index < PromptSetting.limit else {
                    return PromptSetting(name: line.name, location: line.location,
                                         problem: .init("more than \(PromptSetting.limit) prompt lines: this one is ignored"))
                }
                return PromptSetting(name: line.name, value: line.value, location: line.location, environment: environment)
            }
        }
        for (setting, value) in overrides { try setting.apply(&config, value) }
        return config
    }

    private static func readIfPresent(_ path: String) throws(DaemonError) -> String? {
        var info = stat()
        if stat(path, &info) != 0 && errno == ENOENT { return nil }
        do { return String(decoding: try BoundedFile.read(path, limit: BoundedFile.smallFileLimit), as: UTF8.self) } catch { throw .config("\(error)") }
    }
}

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
