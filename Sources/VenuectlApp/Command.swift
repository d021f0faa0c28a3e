import VenueReports
import VenuectlGrammar

/// One line of venuectl's command table: what runs, and everything `--help` and the
/// completion scripts say of it, so that none of them can name a flag the code lacks.
struct Command: Sendable {
    enum Operands: Sendable {
        case none
        case venue, venues
        case text
        case choice([String])
        case command
    }

    let name: String
    let summary: String
    let operands: Operands
    let flags: [FlagSpec]
    /// Left out of `--help` and completion: helpers for the completion scripts.
    let hidden: Bool
    /// The exit code of an error; `is-open` moves usage errors off its answer codes.
    let exitCode: @Sendable (CLIError) -> Int32
    let run: @Sendable ([String], Context) throws(CLIError) -> Int32

    init(name: String, summary: String, operands: Operands, flags: [FlagSpec], hidden: Bool = false,
         exitCode: @escaping @Sendable (CLIError) -> Int32 = { $0.exitCode },
         run: @escaping @Sendable ([String], Context) throws(CLIError) -> Int32) {
        self.name = name
        self.summary = summary
        self.operands = operands
        self.flags = flags
        self.hidden = hidden
        self.exitCode = exitCode
        self.run = run
    }
}
