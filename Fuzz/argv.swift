// Fuzz target `argv`: venuectl's flag tables. The first byte picks a command, the rest
// cut at NUL bytes are its arguments, parsed by the command's FlagTable (every flag's
// own checks: --soon, --near, --format, --template, --days, ...). `status` goes through
// StatusOptions.parse (with no venuectl.conf), `watch` splits its --count first,
// `notify` goes through NotifyOptions.parse, and 13 is `menu`.
@testable import VenuedSystem
@testable import VenueReports
@testable import VenuectlGrammar
@testable import VenuedProtocol
@testable import VenuectlApp

func parse<Options>(_ table: FlagTable<Options>, _ empty: Options, _ arguments: [String]) {
    var options = empty
    _ = try? table.parse(arguments, into: &options) { _, _ throws(AnswerError) in }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard let selector = bytes.first else { return 0 }
    let arguments = fuzzArguments(bytes.dropFirst())
    switch selector % 14 {
    case 0: _ = try? StatusOptions.parse(arguments, environment: [:])
    case 1: parse(HoursCommand.table, HoursCommand.Options(), arguments)
    case 2: parse(NextCommand.table, NextCommand.Options(), arguments)
    case 3: parse(SearchCommand.table, SearchCommand.Options(), arguments)
    case 4: parse(IsOpenCommand.table, IsOpenCommand.Options(), arguments)
    case 5: parse(OpenCommand.table, OpenCommand.Options(), arguments)
    case 6: parse(FavoritesCommand.table, FavoritesCommand.Options(), arguments)
    case 7: parse(InfoCommand.table, DaemonCommandOptions(), arguments)
    case 8: parse(RefreshCommand.table, DaemonCommandOptions(), arguments)
    case 9: parse(CompletionsCommand.table, CompletionsCommand.Options(), arguments)
    case 10: parse(VenueNamesCommand.table, VenueNamesCommand.Options(), arguments)
    case 11:
        var watch = WatchCommand.Options()
        _ = try? StatusOptions.parse(arguments, table: WatchCommand.table, into: &watch, status: \.status, environment: [:])
    case 12: _ = try? NotifyOptions.parse(arguments, environment: [:])
    default: parse(MenuCommand.table, MenuCommand.Options(), arguments)
    }
    return 0
}
