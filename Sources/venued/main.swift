import BundledFeed
import DiningHours
import Foundation

// Until the daemon proper lands, venued checks a feed the way it will before
// accepting it: decode, report what was skipped, and say what dates it covers.
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.first == "--check" else {
    FileHandle.standardError.write(Data("usage: venued --check [FILE]   (validate a venues feed; the bundled one by default)\n".utf8))
    exit(2)
}
let bytes: [UInt8]
if arguments.count > 1 {
    guard let data = FileManager.default.contents(atPath: arguments[1]) else {
        FileHandle.standardError.write(Data("venued: cannot read \(arguments[1])\n".utf8))
        exit(4)
    }
    bytes = Array(data)
} else {
    bytes = BundledFeed.bytes
}
do {
    let feed = try FeedDecoder.decode(bytes)
    let zone = try ZoneRules(identifier: "America/New_York")
    let coverage = Campus(feed: feed, zone: zone).coverage
    print("\(feed.venues.count) venues, \(feed.warnings.count) warnings, dates \(coverage.map { "\($0.first) to \($0.last)" } ?? "none")")
    for warning in feed.warnings { print("warning: \(warning)") }
} catch {
    FileHandle.standardError.write(Data("venued: \(error)\n".utf8))
    exit(5)
}
