import DiningHours
import VenueReports

/// What a venuectl command runs with besides its arguments: the clock, the environment
/// and the terminal, passed in from `main.swift` so that tests can fix them.
struct Context: Sendable {
    let now: Instant
    let environment: [String: String]
    let stdoutIsTTY: Bool
    let uid: UInt32
    /// venued's failure to answer the prompt's path (`PromptPath`): `status` then answers
    /// locally without asking again.
    var venuedFailure: DaemonFailure? = nil

    /// How `format` is shown here. Plain text needs the terminal's facts: colour only on
    /// a terminal that wants it (`NO_COLOR`, `TERM=dumb`), the user's zone (`TZ`, else the
    /// system's) so the text can say when venue times are in another one, and `COLUMNS`.
    /// The other formats need none, so the prompt's path does not look them up.
    func presentation(_ format: StatusFormat) -> StatusPresentation {
        StatusPresentation(format, environment: environment, stdoutIsTTY: stdoutIsTTY)
    }

    /// `--favorites` resolved by venuectl: the reader's usual file, read here, its ids
    /// sent to venued as data (venued reads no file a client names). A missing file is
    /// no favorites yet.
    func resolvingFavorites(_ options: StatusOptions) throws(CLIError) -> StatusOptions {
        guard options.favorites else { return options }
        var options = options
        if options.favoritesFile == nil { options.favoritesFile = Favorites.path(environment: environment) }
        options.favoriteIDs = try answering(try Favorites.load(for: options).ids)
        return options
    }
}
