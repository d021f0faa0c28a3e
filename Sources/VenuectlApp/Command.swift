import VenueReports

/// One line of venuectl's command table, which `--help` and the completion scripts read.
struct Command: Sendable {
    enum Operands: Sendable {
        case none, venue, venues, text, command
        case choice([String])
    }

    let name: String
    let summary: String
    let operands: Operands
    let flags: [FlagSpec]
    /// Left out of `--help` and completion.
    var hidden = false
    /// `is-open` moves usage errors off its answer codes.
    var exitCode: @Sendable (CLIError) -> Int32 = { $0.exitCode }
    let run: @Sendable ([String], Context) throws(CLIError) -> Int32
}
