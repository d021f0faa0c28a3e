import VenueReports
import VenuedSystem

/// Everything venued runs with. Built from defaults (which follow the XDG base
/// directories), then the config file, then command-line flags; see docs/venued.md.
struct Config: Sendable, Equatable {
    var primaryURL = "https://pennmobile.org/api/dining/venues/?format=json"
    var backupURL = "https://pennlabs.github.io/backup-data/venues.json"
    /// Penn's menus: a date's are at `<menusURL>/YYYY-MM-DD/` (docs/MENUS.md).
    var menusURL = "https://pennmobile.org/api/dining/menus"
    /// Seconds between successful refreshes; also the cap of the failure backoff.
    var refreshSeconds = DataAge.defaultRefreshSeconds
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
    /// The `prompt.NAME` lines, each with what it shows or why it cannot (docs/venued.md,
    /// "Prompt files"); the config file's alone, no flag sets them.
    var prompts: [PromptSetting] = []

    /// Defaults for this environment: the paths venuectl also uses (`VenuedPaths`).
    init(environment: [String: String], uid: UInt32) {
        socketPath = VenuedPaths.socket(environment: environment, uid: uid)
        // Only an error if no config file or flag names one (ConfigLoader checks).
        cacheDirectory = VenuedPaths.cacheDirectory(environment: environment) ?? ""
    }
}
