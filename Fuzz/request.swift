// Fuzz target `request`: what a client writes to venued's socket. The bytes are cut
// into lines by the connection's RequestBuffer (16 KiB limit), each line is parsed as
// a Request, every field its command takes is read the ways the answers read them,
// and status, subscribe, hours and next are answered as the loop answers them
// (`Prepared`, `ScheduleAnswers`, the first line of a subscription), from the real Penn
// week (tests/Fixtures, via $VENUED_FUZZ_FEED) at 2023-09-18 12:00 New York time; menus'
// `dates` are read as its answer reads them. info, refresh and feed answer from the
// daemon's live state, not from the request's fields.
@testable import DiningHours
@testable import VenuedSystem
@testable import VenueReports
@testable import VenuedProtocol
@testable import venued

let now = Instant(secondsSinceEpoch: 1_695_052_800)
let prepared: Prepared = {
    var config = Config(environment: ["HOME": fuzzScratch], uid: 1000)
    config.cacheDirectory = fuzzScratch
    let bytes = fuzzFixtureBytes()
    let feed = (try? FeedDecoder.decode(bytes)) ?? Feed(venues: [], warnings: [], warningCount: 0)
    return Prepared(Snapshot(held: FeedCopy(feed: feed, source: .file, fetchedAt: nil), bytes: bytes, config: config))
}()

func answer(_ line: [UInt8]) throws(ProtocolError) {
    let request = try Request(parsing: line)
    for field in request.command.fields {
        _ = try? request.fields.string(field)
        _ = try? request.fields.flag(field)
        _ = try? request.fields.integer(field, in: 1...1000)
        _ = try? request.fields.strings(field)
        _ = try? request.fields.ids(field, limit: Favorites.limit)
    }
    switch request.command {
    case .status:
        let (options, presentation) = try StatusQuery.decode(.status, request.fields)
        _ = try prepared.line(options, presentation: presentation, favorites: Favorites(sentIn: options), at: now)
    case .subscribe:
        let (options, presentation) = try StatusQuery.decode(.subscribe, request.fields)
        _ = PushRenderer(prepared: prepared).line(for: Subscription(options: options, presentation: presentation), event: "snapshot", at: now)
    case .hours, .next:
        let answers = ScheduleAnswers(prepared: prepared, now: now)
        _ = try request.command == .hours ? answers.hours(request) : answers.next(request)
    case .menus:
        // `now`'s date in New York.
        if let today = LocalDate(year: 2023, month: 9, day: 18) { _ = try MenusAnswer.dates(request.fields, today: today) }
    case .info, .refresh, .feed:
        break
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var buffer = RequestBuffer(limit: ConnectionServer.requestLimit)
    let bytes = fuzzBytes(data, size)
    var lines: [[UInt8]] = []
    var offset = 0
    repeat {
        let chunk = min(buffer.room, bytes.count - offset)
        bytes[offset..<offset + chunk].withUnsafeBytes { buffer.append($0) }
        offset += chunk
        while case .line(let line) = buffer.next() { lines.append(line) }
        if buffer.room == 0 { break }   // over the limit: the connection is closed
    } while offset < bytes.count
    if case .line(let line) = buffer.finish() { lines.append(line) }
    for line in lines.prefix(8) {
        do throws(ProtocolError) { try answer(line) } catch { _ = Reply.error(error) }
    }
    return 0
}
