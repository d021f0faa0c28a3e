import VenueReports
import VenuectlGrammar

/// `venuectl __venues`: `slug<TAB>name` lines for the completion scripts. The slug needs no shell quoting and names
/// the venue exactly (`VenueSearch` matches it as the whole name).
enum VenueNamesCommand {
    static let name = "__venues"

    struct Options: HasCommonOptions {
        var common = CommonOptions()
    }

    static let table = FlagTable<Options>(helpCommand: "venuectl --help", flags: [.data, .help])

    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        let help = "usage: venuectl \(name) [--data FILE]: slug<TAB>name of every venue, for completion scripts"
        guard let options = try table.options(arguments, help: help, operand: { _, word throws(AnswerError) in
            throw .usage("\(name) takes no arguments, not '\(word)'")
        }) else { return 0 }
        let local = try LocalFeed.load(options.common.data, environment: context.environment)
        try Venuectl.write(local.copy.feed.venues.map { "\($0.slug)\t\($0.name)\n" }.joined())
        return 0
    }
}
