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
