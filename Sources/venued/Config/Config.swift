import DiningHours
import VenueReports
import VenuedSystem

/// Everything venued runs with: defaults, then the config file, then command-line flags (docs/venued.md).
struct Config: Sendable, Equatable {
    var primaryURL = "https://pennmobile.org/api/dining/venues/?format=json"
    var backupURL = "https://pennlabs.github.io/backup-data/venues.json"
    var menusURL = "https://pennmobile.org/api/dining/menus"
    var refreshSeconds = DataAge.defaultRefreshSeconds
    var timeoutSeconds = 10.0
    var socketPath: String
    var socketDirectoryIsOwned = true
    var cacheDirectory: String
    var timeZone = "America/New_York"
    var logLevel = LogLevel.info
    var clockOffset = 0
    var prompts: [PromptSetting] = []

    init(environment: [String: String], uid: UInt32) {
        socketPath = VenuedPaths.socket(environment: environment, uid: uid)
        // Only an error if no config file or flag names one (ConfigLoader checks).
        cacheDirectory = VenuedPaths.cacheDirectory(environment: environment) ?? ""
    }
}

/// One configurable value: its config-file key, its flag and how to read it.
struct Setting: Sendable {
    let key: String
    let flag: String
    let placeholder: String
    let help: String
    let apply: @Sendable (inout Config, String) throws(DaemonError) -> Void

    static let all: [Setting] = [
        url("primary_url", "--primary-url", "the venues feed to ask first", \.primaryURL),
        url("backup_url", "--backup-url", "the feed to ask when the primary fails", \.backupURL),
        url("menus_url", "--menus-url", "Penn's menus; a date's are at URL/YYYY-MM-DD/", \.menusURL),
        Setting(key: "refresh", flag: "--refresh", placeholder: "SECONDS", help: "seconds between refreshes (default 900)") { c, v throws(DaemonError) in
            guard let seconds = Int(v), (1...86_400).contains(seconds) else {
                throw .config("refresh must be whole seconds from 1 to 86400, not '\(v)'")
            }
            c.refreshSeconds = seconds
        },
        Setting(key: "timeout", flag: "--timeout", placeholder: "SECONDS", help: "seconds one fetch may take (default 10)") { c, v throws(DaemonError) in
            guard let seconds = Double(v), seconds >= 0.1, seconds <= 300 else {
                throw .config("timeout must be seconds from 0.1 to 300, not '\(v)'")
            }
            c.timeoutSeconds = seconds
        },
        Setting(key: "socket", flag: "--socket", placeholder: "PATH", help: "where to listen (default $XDG_RUNTIME_DIR/venued/venued.sock)") { c, v throws(DaemonError) in
            let path = try absolutePath(v, "socket")
            // sun_path holds 108 bytes including the terminating NUL.
            guard path.utf8.count <= 107 else { throw .config("socket path is longer than 107 bytes: choose a shorter one") }
            c.socketPath = path
            c.socketDirectoryIsOwned = false
        },
        Setting(key: "cache_dir", flag: "--cache-dir", placeholder: "DIR", help: "where the last good feed is kept (default $XDG_CACHE_HOME/venued)") { c, v throws(DaemonError) in
            c.cacheDirectory = try absolutePath(v, "cache_dir")
        },
        Setting(key: "tz", flag: "--tz", placeholder: "ZONE", help: "venue time zone, an IANA name (default America/New_York)") { c, v throws(DaemonError) in
            do { _ = try ZoneDatabase.system.rules(v) } catch { throw .config("tz: \(error)") }
            c.timeZone = v
        },
        Setting(key: "log_level", flag: "--log-level", placeholder: "LEVEL", help: "debug, info, warning or error (default info)") { c, v throws(DaemonError) in
            guard let level = LogLevel(rawValue: v) else { throw .config("log_level must be debug, info, warning or error, not '\(v)'") }
            c.logLevel = level
        },
        Setting(key: "clock_offset", flag: "--clock-offset", placeholder: "SECONDS", help: "for tests: seconds added to the clock (default 0)") { c, v throws(DaemonError) in
            let limit = WallClock.offsetLimit
            guard let seconds = Int(v), (-limit...limit).contains(seconds) else {
                throw .config("clock_offset must be whole seconds from -\(limit) to \(limit) (100 years either way), not '\(v)'")
            }
            c.clockOffset = seconds
        },
    ]

    private static func url(_ key: String, _ flag: String, _ help: String,
                            _ field: WritableKeyPath<Config, String> & Sendable) -> Setting {
        Setting(key: key, flag: flag, placeholder: "URL", help: help) { c, v throws(DaemonError) in
            guard v.hasPrefix("https://") || v.hasPrefix("http://"), v.count > 8, !v.contains(" ") else {
                throw .config("\(key) must be an http:// or https:// URL, not '\(v)'")
            }
            c[keyPath: field] = v
        }
    }

    private static func absolutePath(_ value: String, _ key: String) throws(DaemonError) -> String {
        guard value.hasPrefix("/") else { throw .config("\(key) must be an absolute path, not '\(value)'") }
        return value
    }
}
