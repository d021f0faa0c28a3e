/// `venued --check` for the config file: it also reports bad prompt lines, which a start only logs, so a prompt that
/// says `venued: bad prompt config` has a command that says why.
enum ConfigCheck {
    struct Report {
        var lines: [String] = []
        var problems: [String] = []
    }

    static func run(_ loader: ConfigLoader) throws(DaemonError) -> Report {
        let config = try loader.read()
        let file = loader.path ?? "(no XDG_CONFIG_HOME or HOME: no config file)"
        let good = config.prompts.filter { $0.problem == nil }.map(\.name)
        let files = PromptFiles.directory(socketPath: config.socketPath, owned: config.socketDirectoryIsOwned)
        let line = good.isEmpty ? "config \(file): no prompt files"
            : "config \(file): prompt files \(good.joined(separator: ", ")) in \(files)"
        return Report(lines: [line], problems: config.prompts.compactMap(\.problem).map { "bad prompt config: \($0)" })
    }
}
