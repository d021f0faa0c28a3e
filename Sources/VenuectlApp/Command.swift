import DiningHours
import VenueReports

/// One line of venuectl's command table, which `--help` and the completion scripts read.
struct Command: Sendable {
    enum Operands: Sendable {
        case none, venue, venues, text, command
        case choice([String])
    }

    let name: String, summary: String
    let operands: Operands
    let flags: [FlagSpec]
    var hidden = false
    /// `is-open` moves usage errors off its answer codes.
    var exitCode: @Sendable (CLIError) -> Int32 = { $0.exitCode }
    let run: @Sendable ([String], Context) throws(CLIError) -> Int32
}

/// What a venuectl command runs with besides its arguments, passed in from `main.swift` so that tests can fix them.
package struct Context: Sendable {
    package let now: Instant
    package let environment: [String: String]
    package let stdoutIsTTY: Bool
    package let uid: UInt32
    /// venued's failure on the prompt's path: `status` then answers locally without asking again.
    var venuedFailure: DaemonFailure? = nil

    package init(now: Instant, environment: [String: String], stdoutIsTTY: Bool, uid: UInt32, venuedFailure: DaemonFailure? = nil) {
        (self.now, self.environment, self.stdoutIsTTY, self.uid) = (now, environment, stdoutIsTTY, uid)
        self.venuedFailure = venuedFailure
    }

    /// Only plain text needs the terminal's facts (colour, zone, `COLUMNS`): the prompt's path looks none up.
    func presentation(_ format: StatusFormat) -> StatusPresentation {
        StatusPresentation(format, environment: environment, stdoutIsTTY: stdoutIsTTY)
    }

    /// `--favorites` resolved here: its ids are sent to venued as data, since venued reads no file a client names.
    func resolvingFavorites(_ options: StatusOptions) throws(CLIError) -> StatusOptions {
        guard options.favorites || options.dishes else { return options }
        var options = options
        if options.favoritesFile == nil { options.favoritesFile = Favorites.path(environment: environment) }
        let file = try answering(try options.favoritesFile.map(Favorites.load) ?? Favorites())
        if options.favorites { options.favoriteIDs = file.ids }
        if options.dishes { options.followedDishes = file.dishes }
        return options
    }
}
