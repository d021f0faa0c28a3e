import VenueReports

/// One line of venuectl's command table: what runs, and everything `--help` and the
/// completion scripts say of it, so that none of them can name a flag the code lacks.
struct Command: Sendable {
    enum Operands: Sendable {
        case none, venue, venues, text, command
        case choice([String])
    }

    let name: String
    let summary: String
    let operands: Operands
    let flags: [FlagSpec]
    /// Left out of `--help` and completion: helpers for the completion scripts.
    var hidden = false
    /// The exit code of an error; `is-open` moves usage errors off its answer codes.
    var exitCode: @Sendable (CLIError) -> Int32 = { $0.exitCode }
    let run: @Sendable ([String], Context) throws(CLIError) -> Int32
}
