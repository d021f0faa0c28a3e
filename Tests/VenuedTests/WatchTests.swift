import Foundation
import Glibc
import Testing

/// `venuectl watch`: venued's stream printed as status would print it, the local copy
/// while venued is away, and the reconnection when it is back.
@Suite struct WatchCommand {
    let home = DaemonProcess.Home()
    static let offline = ["--primary-url", "http://127.0.0.1:9/none", "--backup-url", "http://127.0.0.1:9/none", "--timeout", "1"]

    @Test func printsTheSnapshotThenTheTransition() throws {
        // Falk Kosher Dining closes at 2023-09-18T14:00-04:00: start venued's clock 10 s
        // before, time enough for venued and watch to start on a loaded machine.
        let offset = 1_695_060_000 - 10 - Int(Date().timeIntervalSince1970)
        let daemon = try DaemonProcess(home: home, arguments: Self.offline + ["--clock-offset", "\(offset)"])
        defer { daemon.stop() }
        // After the first failed refresh the data's age no longer changes: the next line is the transition.
        _ = try daemon.waitForInfo { ($0["failures"] as? Int ?? 0) > 0 }
        let run = try VenuectlRunner.run(["watch", "falk", "--json", "--count", "2"], home: home, timeout: 40)
        #expect(run.code == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:] }
        #expect(lines.map { $0["event"] as? String } == ["snapshot", "transition"])
        #expect(lines.map { (($0["venues"] as? [[String: Any]])?.first?["state"] as? String) } == ["open", "closed"])
        #expect(lines.last?["at"] as? String == "2023-09-18T14:00:00-04:00")
    }

    @Test func printsTheTextVenuedRenders() throws {
        let daemon = try DaemonProcess(home: home, arguments: Self.offline)
        defer { daemon.stop() }
        // After the first failed refresh, so that both say the same of the data's age.
        _ = try daemon.waitForInfo { ($0["failures"] as? Int ?? 0) > 0 }
        let run = try VenuectlRunner.run(["watch", "falk", "--count", "1"], home: home, timeout: 20)
        let status = try VenuectlRunner.run(["status", "falk"], home: home)
        #expect(run.code == 0 && run.stderr.isEmpty)
        #expect(run.stdout.contains("Falk Kosher Dining"))
        // The same text status prints (unless the minute turned in between).
        #expect(run.stdout == status.stdout || run.stdout.split(separator: "\n").dropFirst() == status.stdout.split(separator: "\n").dropFirst())
    }

    @Test func withoutVenuedItFollowsTheLocalCopyAndSaysSoOnce() throws {
        let run = try VenuectlRunner.run(["watch", "falk", "--count", "1"], home: home, timeout: 20)
        #expect(run.code == 0)
        #expect(run.stdout.contains("bundled data") && run.stdout.contains("Falk Kosher Dining"))
        #expect(run.stderr.hasPrefix("venuectl: venued is not running (no socket at \(home.socketPath)); following the local copy and retrying"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func reconnectsWhenVenuedComesBack() throws {
        let outPath = home.root + "/watch.out", errPath = home.root + "/watch.err"
        for path in [outPath, errPath] { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        var daemon = try DaemonProcess(home: home, arguments: Self.offline)
        let watch = Process()
        watch.executableURL = URL(fileURLWithPath: VenuectlRunner.binary)
        watch.arguments = ["watch", "falk", "--json"]
        watch.environment = home.environment.merging(["TZ": "America/New_York"]) { $1 }
        watch.standardOutput = FileHandle(forWritingAtPath: outPath)
        watch.standardError = FileHandle(forWritingAtPath: errPath)
        try watch.run()
        defer { if watch.isRunning { kill(watch.processIdentifier, SIGKILL); watch.waitUntilExit() } }
        let subscribed = { (daemon: DaemonProcess) in (try? daemon.waitForInfo(seconds: 30) { $0["subscribers"] as? Int == 1 }) != nil }
        #expect(subscribed(daemon))
        daemon.stop()
        let errors = { (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "" }
        try? waitUntil("watch saw venued go") { errors().contains("went away") }
        #expect(errors().contains("venued on \(home.socketPath) went away; following the local copy and retrying"))
        // Back on the same socket: watch finds it within its backoff (1 s, then 2 s, ...).
        daemon = try DaemonProcess(home: home, arguments: Self.offline)
        defer { daemon.stop() }
        #expect(subscribed(daemon))
        let printed = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let lines = printed.split(separator: "\n")
        #expect(lines.count >= 2, "snapshot, then at least the local copy's answer")
        // One shape whoever computed the line: venued's pushes, then the local copy's,
        // which starts with its own snapshot.
        for line in lines { #expect(line.hasPrefix(#"{"ok":true,"event":""#) && line.contains(#""venues":["#), "\(line)") }
        let events = lines.map { jsonObject($0)["event"] as? String }
        #expect(events.first == "snapshot" && events.dropFirst().contains("snapshot"), "\(printed)")
    }

    /// `watch | head -c 1`: once the reader is gone, watch exits (74, quietly), without
    /// waiting for venued's next push, hours away maybe: an orphaned watcher would hold
    /// one of venued's 64 subscriber slots meanwhile.
    @Test func exitsOnceItsReaderIsGoneAndFreesItsSubscription() throws {
        let daemon = try DaemonProcess(home: home, arguments: Self.offline)
        defer { daemon.stop() }
        let errPath = home.root + "/watch.err"
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let pipe = Pipe()
        let watch = Process()
        watch.executableURL = URL(fileURLWithPath: VenuectlRunner.binary)
        watch.arguments = ["watch"]
        watch.environment = home.environment.merging(["TZ": "America/New_York"]) { $1 }
        watch.standardOutput = pipe
        watch.standardError = FileHandle(forWritingAtPath: errPath)
        try watch.run()
        defer { if watch.isRunning { kill(watch.processIdentifier, SIGKILL); watch.waitUntilExit() } }
        #expect(try pipe.fileHandleForReading.read(upToCount: 1)?.count == 1)
        _ = try daemon.waitForInfo { $0["subscribers"] as? Int == 1 }
        try pipe.fileHandleForReading.close()
        try? waitUntil("watch exiting") { !watch.isRunning }
        #expect(!watch.isRunning, "watch is still running after its reader left")
        #expect(watch.isRunning || watch.terminationStatus == 74)
        #expect(((try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "").isEmpty)
        _ = try daemon.waitForInfo { $0["subscribers"] as? Int == 0 }
    }

    /// i3bar's streaming protocol: a header, an endless array, one block list a line.
    @Test func speaksTheI3barStreamingProtocol() throws {
        let feed = home.root + "/venues.json"
        try Data(Feeds.backup2023).write(to: URL(fileURLWithPath: feed))
        let run = try VenuectlRunner.run(["watch", "falk", "commons", "--format", "i3bar", "--data", feed, "--count", "1"], home: home)
        #expect(run.code == 0 && run.stderr.isEmpty)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 4 && lines[0] == #"{"version":1}"# && lines[1] == "[" && lines[3].isEmpty)
        #expect(lines[2].hasPrefix("[{") && lines[2].hasSuffix("}],"))
        let blocks = try JSONSerialization.jsonObject(with: Data(lines[2].dropLast().utf8)) as? [[String: Any]]
        #expect(blocks?.count == 2 && blocks?.allSatisfy { $0["full_text"] is String && $0["name"] as? String == "venued" } == true)
    }

    @Test func refusesAtAndABadCount() throws {
        let at = try VenuectlRunner.run(["watch", "--at", "12:00"], home: home)
        #expect(at.code == 2 && at.stderr == "venuectl: watch follows the present: --at is for 'venuectl status' (see 'venuectl watch --help')\n")
        let count = try VenuectlRunner.run(["watch", "--count", "0"], home: home)
        #expect(count.code == 2 && count.stderr.contains("--count takes a whole number above 0, not '0'"))
        let feed = home.root + "/venues.json"
        try Data(Feeds.backup2023).write(to: URL(fileURLWithPath: feed))
        let unknown = try VenuectlRunner.run(["watch", "nowhere", "--data", feed, "--count", "1"], home: home)
        #expect(unknown.code == 3 && unknown.stderr.hasPrefix("venuectl: no venue matches 'nowhere'"))
    }
}

/// `watch` keeps up with the bar: it turns to closing-soon when the window starts and
/// its countdowns move minute by minute, each change printed once, from venued's
/// stream and from the local copy. The feed is written around the real clock, to the
/// second, so that a minute tick and a threshold come within seconds.
@Suite struct WatchKeepsUp {
    let home = DaemonProcess.Home()
    let start = Int(Date().timeIntervalSince1970)

    /// Tick Hall closes in 30 min + 20 s: its tooltip countdown says "31 min", then "30 min"
    /// 20 s later. Soon Cafe closes in 84 s: with --soon 1, closing-soon starts 24 s later.
    /// The 20 s are for venued and watch to start first, on a loaded machine too.
    var feed: [UInt8] {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "America/New_York")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        func wall(_ seconds: Int) -> String { formatter.string(from: Date(timeIntervalSince1970: Double(start + seconds))) }
        let date = String(wall(0).prefix(10))
        func venue(_ id: Int, _ name: String, closesIn seconds: Int) -> String {
            #"{"id":\#(id),"name":"\#(name)","days":[{"date":"\#(date)","dayparts":[{"starttime":"\#(wall(-3600))","endtime":"\#(wall(seconds))","label":"All day"}]}]}"#
        }
        return Array("[\(venue(1, "Tick Hall", closesIn: 1820)),\(venue(2, "Soon Cafe", closesIn: 84))]".utf8)
    }

    /// waybar lines as "Tick Hall's tooltip countdown | Soon Cafe's words in the text".
    func parse(_ output: String) -> [String] {
        output.split(separator: "\n").map { line in
            let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
            let tooltip = (object["tooltip"] as? String ?? "").split(separator: "\n").first.map(String.init) ?? ""
            let countdown = tooltip.range(of: "closes in ").map { String(tooltip[$0.upperBound...].prefix(6)) } ?? tooltip
            let soon = (object["text"] as? String ?? "").components(separatedBy: "Soon Cafe ").last ?? ""
            return "\(countdown) | \(soon)"
        }
    }

    /// Each line begins as expected (the clock time after "open till" varies).
    func matches(_ lines: [String]) -> Bool {
        let expected = ["31 min | open till", "30 min | open till", "30 min | closes in 1 min"]
        return lines.count == expected.count && zip(lines, expected).allSatisfy { $0.hasPrefix($1) }
    }

    @Test func fromVenued() throws {
        let server = try ScriptedHTTPServer()
        server.set("/primary", .init(body: feed))
        let daemon = try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/none"), "--timeout", "2",
        ])
        defer { daemon.stop(); server.stop() }
        _ = try daemon.waitForInfo { $0["source"] as? String == "primary" }
        let run = try VenuectlRunner.run(["watch", "--format", "waybar", "--soon", "1", "--count", "3"], home: home, timeout: 60)
        #expect(run.code == 0, "\(run.stderr)")
        #expect(matches(parse(run.stdout)), "\(run.stdout)")
        #expect(Int(Date().timeIntervalSince1970) - start >= 23, "the closing-soon line came before its instant")
    }

    @Test func fromTheLocalCopy() throws {
        let path = home.root + "/feed.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(feed))
        let run = try VenuectlRunner.run(["watch", "--data", path, "--format", "waybar", "--soon", "1", "--count", "3"], home: home, timeout: 60)
        #expect(run.code == 0, "\(run.stderr)")
        #expect(matches(parse(run.stdout)), "\(run.stdout)")
        #expect(Int(Date().timeIntervalSince1970) - start >= 23, "the closing-soon line came before its instant")
    }
}
