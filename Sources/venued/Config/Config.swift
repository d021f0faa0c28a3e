import DiningHours

/// Everything venued runs with. Built from defaults (which follow the XDG base
/// directories), then the config file, then command-line flags; see docs/venued.md.
struct Config: Sendable, Equatable {
    var primaryURL = "https://pennmobile.org/api/dining/venues/?format=json"
    var backupURL = "https://pennlabs.github.io/backup-data/venues.json"
    /// Seconds between successful refreshes; also the cap of the failure backoff.
    var refreshSeconds = 900
    /// Seconds one HTTP request may take, connection to last byte.
    var timeoutSeconds = 10.0
    var socketPath: String
    /// True while `socketPath` is the default: venued then owns its directory and
    /// creates it 0700 and checks its owner. A path given by the user is used as is.
    var socketDirectoryIsOwned = true
    var cacheDirectory: String
    var timeZone = "America/New_York"
    var logLevel = LogLevel.info
    /// Test-only: seconds added to the system clock, so a test can stand just before
    /// a transition of the 2023 fixture. Read at start; a reload does not change it.
    var clockOffset = 0

    /// Defaults for this environment.
    init(environment: [String: String], uid: UInt32) {
        let home = environment["HOME"].flatMap(Self.absolute)
        if let runtime = environment["XDG_RUNTIME_DIR"].flatMap(Self.absolute) {
            socketPath = runtime + "/venued/venued.sock"
        } else {
            // Documented fallback: a private directory in /tmp, checked before use.
            socketPath = "/tmp/venued-\(uid)/venued.sock"
        }
        if let cache = environment["XDG_CACHE_HOME"].flatMap(Self.absolute) {
            cacheDirectory = cache + "/venued"
        } else if let home {
            cacheDirectory = home + "/.cache/venued"
        } else {
            // Only an error if no config file or flag names one (ConfigLoader checks).
            cacheDirectory = ""
        }
    }

    /// The config file venued reads: `$XDG_CONFIG_HOME/venued/config`, else `~/.config/venued/config`.
    static func filePath(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"].flatMap(absolute) { return config + "/venued/config" }
        return environment["HOME"].flatMap(absolute).map { $0 + "/.config/venued/config" }
    }

    /// The XDG spec says relative paths in these variables are invalid and must be ignored.
    private static func absolute(_ path: String) -> String? {
        path.hasPrefix("/") ? String(path.reversed().drop { $0 == "/" }.reversed()) : nil
    }
}
