import DiningHours
import Foundation

/// Sections 1 and 2: turning the feed's bytes into a `Feed`, and its timestamps into times.
enum FeedBenchmarks {
    static func decoding(_ subject: Subject, _ harness: inout Harness) {
        let bytes = subject.bytes
        let megabytesPerSecond = { (timing: Timing) in oneDecimal(Double(bytes.count) * 1e3 / timing.medianNs) }
        Report.section("1. decode the real feed (\(grouped(Double(bytes.count))) bytes, \(subject.feed.venues.count) venues; MB = 10^6 bytes)")

        let decode = harness.time {
            guard let feed = try? FeedDecoder.decode(bytes) else { return -1 }
            return feed.venues.count &+ feed.warnings.count
        }
        Report.row("swift.decode", "engine FeedDecoder.decode (parses times too)", decode, .ms,
                   note: "\(megabytesPerSecond(decode)) MB/s")
        let parse = harness.time {
            guard case .array(let venues)? = try? JSONParser.parse(bytes) else { return -1 }
            return venues.count
        }
        Report.row("swift.parse", "   of which JSONParser.parse alone (JSONValue tree)", parse, .ms,
                   note: "\(megabytesPerSecond(parse)) MB/s")

        let data = Data(bytes)
        let decoder = JSONDecoder()
        let engineCounts = (subject.feed.venues.count, subject.dayparts)
        guard let codable = FoundationBaseline.decode(data, with: decoder), codable == engineCounts else {
            fail("JSONDecoder and the engine disagree on the feed's venues and dayparts \(engineCounts)")
        }
        let foundation = harness.time {
            guard let result = FoundationBaseline.decode(data, with: decoder) else { return -1 }
            return result.venues &+ result.dayparts
        }
        Report.row("foundation.decode", "Foundation JSONDecoder, Codable structs, String times", foundation, .ms,
                   note: "\(megabytesPerSecond(foundation)) MB/s; engine \(oneDecimal(foundation.medianNs / decode.medianNs))x faster")
    }

    static func feedTimes(_ subject: Subject, _ harness: inout Harness) {
        let texts = subject.feedTimeStrings
        // Foundation's ISO 8601 parsers want an offset; the feed's times have none.
        let zulu = texts.map { $0 + "Z" }
        let formatter = ISO8601DateFormatter()
        let engineSeconds = texts.map { text -> Int? in
            guard case .wallClock(let local)? = FeedTime(parsing: text) else { return nil }
            return local.wallSeconds
        }
        guard engineSeconds == zulu.map(FoundationBaseline.parseWithFormatStyle),
              engineSeconds == zulu.map({ FoundationBaseline.parseWithFormatter($0, formatter) }) else {
            fail("FeedTime and Foundation disagree on the feed's times")
        }
        Report.section("2. parse one timestamp (the feed's \(texts.count) starttime/endtime strings; Foundation gets \"Z\" appended)")

        let engine = harness.time(operations: texts.count) {
            var total = 0
            for text in texts {
                if case .wallClock(let local)? = FeedTime(parsing: text) { total &+= local.wallSeconds }
            }
            return total
        }
        Report.row("swift.feedtime", "engine FeedTime(parsing:)", engine, .ns)
        let formatStyle = harness.time(operations: zulu.count) {
            zulu.reduce(0) { $0 &+ (FoundationBaseline.parseWithFormatStyle($1) ?? 0) }
        }
        Report.row("foundation.iso8601", "Foundation Date(s, strategy: .iso8601)", formatStyle, .ns,
                   note: "engine \(oneDecimal(formatStyle.medianNs / engine.medianNs))x faster")
        let dateFormatter = harness.time(operations: zulu.count) {
            zulu.reduce(0) { $0 &+ (FoundationBaseline.parseWithFormatter($1, formatter) ?? 0) }
        }
        Report.row("foundation.formatter", "Foundation ISO8601DateFormatter.date(from:)", dateFormatter, .ns,
                   note: "engine \(oneDecimal(dateFormatter.medianNs / engine.medianNs))x faster")
    }
}
