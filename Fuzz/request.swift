// Fuzz target `request`: what a client writes to venued's socket. The bytes are cut
// into lines by the connection's RequestBuffer (16 KiB limit), each line is parsed as
// a Request, every field its command takes is read the ways the answers read them,
// and status, hours, next and venuectl are answered as RequestHandler answers them,
// from the real Penn week (tests/Fixtures, via $VENUED_FUZZ_FEED) at 2023-09-18 12:00
// New York time. info, refresh and subscribe only read their fields here: they answer
// from the daemon's live state (fetches, the subscriber hub), not from the request.
@testable import DiningHours
@testable import VenuedSystem
@testable import VenueReports
@testable import VenuectlGrammar
@testable import VenuedProtocol
@testable import VenuectlApp
@testable import venued

let now = Instant(secondsSinceEpoch: 1_695_052_800)
let config: Config = {
    var config = Config(environment: ["HOME": fuzzScratch], uid: 1000)
    config.cacheDirectory = fuzzScratch
    return config
}()
let store = FeedStore(held: FeedCopy(feed: (try? FeedDecoder.decode(fuzzFixtureBytes())) ?? Feed(venues: [], warnings: [], warningCount: 0),
                                     source: .file, fetchedAt: nil), onChange: {})
let settings = LiveConfig(config)
let prepared = Prepared(store: store, settings: settings)
let statusAnswer = StatusAnswer(prepared: prepared, settings: settings, favoritesFile: nil)

func answer(_ line: [UInt8]) throws(ProtocolError) {
    let request = try Request(parsing: line)
    for field in request.command.fields {
        _ = try? request.fields.string(field)
        _ = try? request.fields.flag(field)
        _ = try? request.fields.integer(field, in: 1...1000)
        _ = try? request.fields.strings(field)
        _ = try? request.fields.stringMap(field)
    }
    switch request.command {
    case .status, .subscribe:
        var (options, presentation) = try StatusQuery.decode(request.command == .status ? .status : .subscribe, request.fields)
        // A favorites file the client names is read by path; here only files of our
        // own scratch directory, so that no input can name a device or a FIFO.
        if options.favoritesFile != nil { options.favoritesFile = fuzzScratch + "/favorites" }
        _ = try statusAnswer.line(options, presentation: presentation, at: now)
    case .hours, .next:
        let answers = ScheduleAnswers(prepared: prepared, config: config, now: now)
        _ = try request.command == .hours ? answers.hours(request) : answers.next(request)
    case .venuectl:
        var (arguments, environment, tty) = try ForwardedStatus.decode(request.fields)
        // venuectl.conf and favorites are read from $XDG_CONFIG_HOME/venued (the
        // venuectl_conf and favorites targets fuzz those files).
        environment["XDG_CONFIG_HOME"] = fuzzScratch
        environment["HOME"] = fuzzScratch
        let (options, presentation): (StatusOptions, StatusPresentation)
        do throws(CLIError) {
            (options, presentation) = try ForwardedCommandLine.resolve(arguments: arguments, environment: environment, stdoutIsTTY: tty)
        } catch {
            throw ProtocolError(error)
        }
        _ = try statusAnswer.line(options, presentation: presentation, at: now)
    case .info, .refresh:
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
