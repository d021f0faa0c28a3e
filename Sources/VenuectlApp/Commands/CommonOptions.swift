import DiningHours
import VenueReports

/// The options every command computing from venue data shares with `status`, each flag defined once below.
struct CommonOptions: Sendable {
    var json = false
    var at: String?
    var tz: String?
    var data: String?
    var estimate = true
    var help = false

    /// The venue zone, `--tz` or America/New_York.
    func zone() throws(CLIError) -> ZoneRules { try answering(try StatusReport.zone(tz)) }

    func instant(in zone: ZoneRules, now: Instant) throws(CLIError) -> Instant {
        try answering(try StatusReport.instant(at, zone: zone, now: now))
    }
}

/// Options with a `--help`, which `FlagTable.options` prints instead of returning them.
protocol HasHelp: Sendable {
    init()
    var help: Bool { get }
}

protocol HasCommonOptions: HasHelp { var common: CommonOptions { get set } }

extension HasCommonOptions { var help: Bool { common.help } }

extension FlagTable where Options: HasHelp {
    /// nil when `arguments` ask for `--help`, which is printed here.
    func options(_ arguments: [String], help: String,
                 operand: (inout Options, String) throws(AnswerError) -> Void) throws(CLIError) -> Options? {
        var options = Options()
        try answering(try parse(arguments, into: &options, operand: operand))
        guard options.help else { return options }
        try Venuectl.write(help + "\n")
        return nil
    }
}

extension FlagTable.Flag where Options: HasCommonOptions {
    static var json: Self { .init(name: "--json", value: nil, help: "print one JSON object") { o, _ in o.common.json = true } }
    static var at: Self { .at(\.common.at) }
    static var tz: Self { .tz(\.common.tz) }
    static var data: Self { .data(\.common.data) }
    static var noEstimate: Self { .noEstimate(\.common.estimate) }
    static var help: Self { .help(\.common.help) }
}
