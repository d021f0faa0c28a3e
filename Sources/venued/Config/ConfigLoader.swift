import Glibc
import VenuedSystem

/// Builds the `Config` at start and again on SIGHUP: defaults, then the config file,
/// then the flags, which always win. The same steps both times, so a reload means
/// exactly what a restart would.
struct ConfigLoader: Sendable {
    let environment: [String: String]
    let uid: UInt32
    /// Flags from the command line, applied after the file.
    let overrides: [(Setting, String)]

    func load() throws(DaemonError) -> Config {
        var config = Config(environment: environment, uid: uid)
        if let path = VenuedPaths.configFile(environment: environment), let text = try Self.readIfPresent(path) {
            for (setting, value) in try ConfigFile.parse(text, path: path) {
                do { try setting.apply(&config, value) } catch { throw .config("\(path): \(error.message)") }
            }
        }
        for (setting, value) in overrides { try setting.apply(&config, value) }
        guard !config.cacheDirectory.isEmpty else {
            throw .config("neither XDG_CACHE_HOME nor HOME is set: set one, or give --cache-dir DIR")
        }
        return config
    }

    /// A missing file means "all defaults"; an unreadable one is an error.
    private static func readIfPresent(_ path: String) throws(DaemonError) -> String? {
        var info = stat()
        if stat(path, &info) != 0 && errno == ENOENT { return nil }
        do { return String(decoding: try BoundedFile.read(path, limit: BoundedFile.smallFileLimit), as: UTF8.self) } catch { throw .config("\(error)") }
    }
}
