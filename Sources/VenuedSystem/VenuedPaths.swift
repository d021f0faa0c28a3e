/// Where venued and venuectl meet on disk (XDG): one implementation, so the client looks where the daemon writes.
public enum VenuedPaths {
    public static func socket(environment: [String: String], uid: UInt32) -> String {
        socket(runtimeDirectory: environment["XDG_RUNTIME_DIR"], uid: uid)
    }

    package static func socket(runtimeDirectory: String?, uid: UInt32) -> String {
        runtimeDirectory.flatMap(absolute).map { $0 + "/venued/venued.sock" } ?? "/tmp/venued-\(uid)/venued.sock"
    }

    public static func cacheDirectory(environment: [String: String]) -> String? {
        if let cache = environment["XDG_CACHE_HOME"].flatMap(absolute) { return cache + "/venued" }
        return environment["HOME"].flatMap(absolute).map { $0 + "/.cache/venued" }
    }

    public static func configDirectory(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"].flatMap(absolute) { return config + "/venued" }
        return environment["HOME"].flatMap(absolute).map { $0 + "/.config/venued" }
    }

    public static func stateDirectory(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"].flatMap(absolute) { return state + "/venued" }
        return environment["HOME"].flatMap(absolute).map { $0 + "/.local/state/venued" }
    }

    public static func configFile(environment: [String: String]) -> String? {
        configDirectory(environment: environment).map { $0 + "/config" }
    }

    public static func userUnitDirectories(environment: [String: String]) -> [String] {
        let home = environment["HOME"].flatMap(absolute)
        let config = environment["XDG_CONFIG_HOME"].flatMap(absolute) ?? home.map { $0 + "/.config" }
        let data = environment["XDG_DATA_HOME"].flatMap(absolute) ?? home.map { $0 + "/.local/share" }
        let dataDirectories = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").compactMap { absolute(String($0)) }
        let user = [config, environment["XDG_RUNTIME_DIR"].flatMap(absolute), data].compactMap { $0 }
        return user.map { $0 + "/systemd/user" } + ["/etc/systemd/user", "/run/systemd/user"]
            + dataDirectories.map { $0 + "/systemd/user" } + ["/usr/local/lib/systemd/user", "/usr/lib/systemd/user"]
    }

    /// Relative paths are ignored (XDG); over UTF-8 bytes, as Character work costs the prompt.
    package static func absolute(_ path: String) -> String? {
        var path = path
        return path.withUTF8 { bytes -> String? in
            let slash = UInt8(ascii: "/")
            guard bytes.first == slash else { return nil }
            var end = bytes.count
            while end > 0 && bytes[end - 1] == slash { end -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
        }
    }
}
