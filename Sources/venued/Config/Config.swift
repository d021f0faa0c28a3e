import VenueReports
import VenuedSystem

/// Everything venued runs with: defaults, then the config file, then command-line flags (docs/venued.md).
struct Config: Sendable, Equatable {
    var primaryURL = "https://pennmobile.org/api/dining/venues/?format=json"
    var backupURL = "https://pennlabs.github.io/backup-data/venues.json"
    /// A date's menus are at `<menusURL>/YYYY-MM-DD/` (docs/MENUS.md).
    var menusURL = "https://pennmobile.org/api/dining/menus"
    /// Seconds between successful refreshes; also the cap of the failure backoff.
    var refreshSeconds = DataAge.defaultRefreshSeconds
    /// Seconds one HTTP request may take, connection to last byte.
    var timeoutSeconds = 10.0
    var socketPath: String
    /// True while `socketPath` is the default: venued then creates the directory 0700 and checks its owner.
    var socketDirectoryIsOwned = true
    var cacheDirectory: String
    var timeZone = "America/New_York"
    var logLevel = LogLevel.info
    /// Test-only: seconds added to the system clock. Read at start; a reload does not change it.
    var clockOffset = 0
    /// The config file's alone: no flag sets them.
    var prompts: [PromptSetting] = []

    init(environment: [String: String], uid: UInt32) {
        socketPath = VenuedPaths.socket(environment: environment, uid: uid)
        // Only an error if no config file or flag names one (ConfigLoader checks).
        cacheDirectory = VenuedPaths.cacheDirectory(environment: environment) ?? ""
    }
}
