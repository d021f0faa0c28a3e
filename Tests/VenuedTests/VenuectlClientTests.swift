import Foundation
import Testing
import VenuedProtocol

/// venuectl as a client of the real venued: status, info and refresh over the real
/// socket, against a scripted feed server on 127.0.0.1, and the fallbacks (cache,
/// bundled) when the daemon is down, wedged or not venued at all.
@Suite struct VenuectlClient {
    let home = DaemonProcess.Home()
    let server: ScriptedHTTPServer
    /// Noon today in the venue zone: inside the current feed, open for "All day".
    let noon = "\(Feeds.today)T12:00"

    init() throws { server = try ScriptedHTTPServer() }

    /// A daemon serving `Feeds.current()` from the primary URL (the backup fails).
    func startDaemon() throws -> DaemonProcess {
        server.set("/primary", .init(body: Feeds.current()))
        server.set("/backup", .init(status: 500, body: Array("oops".utf8), contentType: "text/plain"))
        let daemon = try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/backup"), "--timeout", "2",
        ])
        _ = try daemon.waitForInfo { $0["source"] as? String == "primary" }
        return daemon
    }

    /// The same bytes the daemon serves, as a `--data` file.
    func dataFile() throws -> String {
        let path = home.root + "/current.json"
        try Data(Feeds.current()).write(to: URL(fileURLWithPath: path))
        return path
    }

    func venuectl(_ arguments: [String], environment: [String: String] = [:]) throws -> VenuectlRunner.Run {
        try VenuectlRunner.run(arguments, home: home, environment: environment)
    }

    @Test func statusJSONFromTheDaemonIsTheLocalAnswerWithTheDaemonsSource() throws {
        let daemon = try startDaemon()
        defer { daemon.stop(); server.stop() }
        let viaDaemon = try venuectl(["status", "--json", "--at", noon])
        let viaFile = try venuectl(["status", "--json", "--at", noon, "--data", try dataFile()])
        #expect(viaDaemon.code == 0 && viaDaemon.stderr.isEmpty, "\(viaDaemon.stderr)")
        #expect(viaDaemon.json["source"] as? String == "primary" && viaFile.json["source"] as? String == "file")
        #expect(viaDaemon.json["at"] as? String == viaFile.json["at"] as? String)
        let venue = try #require(viaDaemon.venues.first)
        for key in ["id", "name", "state", "label", "changes_at", "closing_soon", "estimated"] { #expect(venue[key] != nil, "\(key)") }
        #expect(venue["state"] as? String == "open" && venue["label"] as? String == "All day")
        // venued's copy was just fetched: fresh, with its fetch time; a --data file has none.
        #expect(viaDaemon.json["stale"] as? Bool == false && viaDaemon.json["fetched_at"] is String && viaFile.json["fetched_at"] is NSNull)
        // venued down: the same question answered from its cache file, which holds the same feed.
        daemon.stop()
        let viaCache = try venuectl(["status", "--json", "--at", noon])
        #expect(viaCache.code == 0 && viaCache.json["source"] as? String == "cache", "\(viaCache.stderr)")
        // One object whichever path answered: the protocol's answer, `ok` first, the same
        // bytes but for where the data came from and how old it is.
        for run in [viaDaemon, viaFile, viaCache] { #expect(run.stdout.hasPrefix(#"{"ok":true,"at":"#), "\(run.stdout)") }
        let origin = try Regex(#""(source|fetched_at|stale|stale_reason)":("[^"]*"|null|true|false)"#)
        let shape = { (run: VenuectlRunner.Run) in run.stdout.replacing(origin) { "\"\($0.output[1].substring ?? "")\":_" } }
        #expect(shape(viaDaemon) == shape(viaFile))
        #expect(shape(viaDaemon) == shape(viaCache))
    }

    @Test func plainTextFromTheDaemonIsTheLocalTextButForTheSource() throws {
        let daemon = try startDaemon()
        defer { daemon.stop(); server.stop() }
        // Another user zone, so the rendered text must carry the "Times are in" line too.
        let paris = ["TZ": "Europe/Paris"]
        let viaDaemon = try venuectl(["status", "--at", noon], environment: paris)
        let viaFile = try venuectl(["status", "--at", noon, "--data", try dataFile()], environment: paris)
        #expect(viaDaemon.code == 0 && viaDaemon.stderr.isEmpty, "\(viaDaemon.stderr)")
        #expect(viaDaemon.stdout.contains("primary data") && viaDaemon.stdout.contains("Times are in America/New_York"))
        #expect(viaDaemon.stdout.contains("Test Commons") && viaDaemon.stdout.contains("closes at 10:00 PM"))
        #expect(viaDaemon.stdout.replacingOccurrences(of: "· primary data,", with: "· file data,") == viaFile.stdout)
    }

    @Test(arguments: [
        (["status", "comons"], 3),
        (["status", "--at", "tomorrow"], 2),
        (["status", "--tz", "Mars/Base"], 2),
    ] as [([String], Int32)])
    func refusalsByTheDaemonEndLikeTheLocalErrors(arguments: [String], code: Int32) throws {
        let daemon = try startDaemon()
        defer { daemon.stop(); server.stop() }
        let viaDaemon = try venuectl(arguments)
        let viaFile = try venuectl(arguments + ["--data", try dataFile()])
        #expect(viaDaemon.code == code && viaFile.code == code)
        #expect(viaDaemon.stdout.isEmpty)
        #expect(viaDaemon.stderr == viaFile.stderr, "daemon: \(viaDaemon.stderr) local: \(viaFile.stderr)")
        #expect(viaDaemon.stderr.filter { $0 == "\n" }.count == 1)
        if code == 3 {
            // The daemon's data named the suggestion, not the bundled feed's "1920 Commons".
            #expect(viaDaemon.stderr.contains("did you mean 'Test Commons'?"))
        }
    }

    @Test func aStoppedDaemonLeavesItsCacheToShow() throws {
        let daemon = try startDaemon()
        #expect(daemon.stop() == 0)
        server.stop()
        let run = try venuectl(["status", "--json", "--at", noon])
        #expect(run.code == 0)
        #expect(run.json["source"] as? String == "cache")
        #expect(run.venues.first?["name"] as? String == "Test Commons")
        #expect(run.stderr == "venuectl: venued is not running (no socket at \(home.socketPath)); showing the cached copy from \(Feeds.today)"
            + " — start it with 'swift run venued' in another terminal\n")
    }

    @Test func noDaemonAndNoCacheShowsTheBundledData() throws {
        server.stop()
        let run = try venuectl(["status", "--json", "--at", "2023-09-18T12:00", "593"])
        #expect(run.code == 0)
        #expect(run.json["source"] as? String == "bundled")
        #expect(run.venues.first?["changes_at"] as? String == "2023-09-18T16:30:00-04:00")
        #expect(run.stderr.hasPrefix("venuectl: venued is not running (no socket at \(home.socketPath)); showing the bundled data — start it"))
        #expect(run.stderr.filter { $0 == "\n" }.count == 1)
        let text = try venuectl(["status", "--at", "2023-09-18T12:00", "593"])
        #expect(text.stdout.contains("bundled data, 2023-09-16 to 2023-09-22") && text.stdout.contains("\nOld data: venued did not answer"))
        #expect(text.stderr.isEmpty, "plain text's header gives the advice, once: \(text.stderr)")
    }

    @Test func aCorruptCacheIsSkippedForTheBundledData() throws {
        server.stop()
        mkdirs(home.cacheDirectory)
        try Data("[{\"id\": 1, \"days\": [".utf8).write(to: URL(fileURLWithPath: home.cacheDirectory + "/venues.json"))
        let run = try venuectl(["status", "--json", "--at", "2023-09-18T12:00"])
        #expect(run.code == 0)
        #expect(run.json["source"] as? String == "bundled")
        #expect(run.stderr.contains("the cached copy \(home.cacheDirectory)/venues.json is not usable (invalid JSON"))
        #expect(run.stderr.contains("so showing the bundled data"))
        #expect(run.stderr.filter { $0 == "\n" }.count == 1)
        #expect(FileManager.default.fileExists(atPath: home.cacheDirectory + "/venues.json"), "the client leaves venued's files alone")
    }

    @Test(arguments: [
        (nil, "venued did not answer within 150 ms on"),
        ("HTTP/1.1 400 Bad Request\r\n\r\n", "answered something that is not venued's protocol"),
    ] as [(String?, String)])
    func aSocketThatDoesNotAnswerLikeVenuedFallsBackWithinTheBudget(reply: String?, notice: String) throws {
        server.stop()
        let stub = try StubSocket(path: home.root + "/wedged.sock", reply: reply)
        defer { stub.stop() }
        // The stub never closes: only venuectl's own 150 ms budget ends the wait (the
        // runner's 40 s would fail the test first), and the notice says it gave up.
        let run = try venuectl(["status", "--json", "--socket", stub.path, "--at", "2023-09-18T12:00"])
        #expect(run.code == 0)
        #expect(run.json["source"] as? String == "bundled")
        #expect(run.stderr.contains(notice) && run.stderr.contains(stub.path) && run.stderr.contains("showing the bundled data"), "\(run.stderr)")
        // This venuectl runs from the build directory: its venued logs to the terminal running it, not to the journal.
        #expect(run.stderr.hasSuffix("— see the terminal where 'swift run venued' runs\n"), "\(run.stderr)")
    }

    @Test func theSocketFlagAndVariableNameTheDaemon() throws {
        let daemon = try startDaemon()
        defer { daemon.stop(); server.stop() }
        let elsewhere = ["XDG_RUNTIME_DIR": home.root + "/nowhere"]
        let byVariable = try venuectl(["status", "--json"], environment: elsewhere.merging(["VENUED_SOCKET": home.socketPath]) { $1 })
        #expect(byVariable.json["source"] as? String == "primary" && byVariable.stderr.isEmpty, "\(byVariable.stderr)")
        let byFlag = try venuectl(["status", "--json", "--socket", home.socketPath],
                                  environment: elsewhere.merging(["VENUED_SOCKET": home.root + "/nowhere.sock"]) { $1 })
        #expect(byFlag.json["source"] as? String == "primary" && byFlag.stderr.isEmpty, "\(byFlag.stderr)")
    }

    @Test func infoAndRefreshAskTheRunningDaemon() throws {
        let daemon = try startDaemon()
        defer { daemon.stop(); server.stop() }
        _ = try daemon.waitForInfo { $0["next_refresh_reason"] is String }
        let info = try venuectl(["info"])
        #expect(info.code == 0 && info.stderr.isEmpty, "\(info.stderr)")
        #expect(info.stdout.hasPrefix("venued 0.1.0 (pid ") && info.stdout.contains("on \(home.socketPath)"))
        #expect(info.stdout.contains("primary data, dates \(Feeds.today.adding(days: -1)) to \(Feeds.today.adding(days: 5)), 1 venues, fetched \(Feeds.today)"))
        #expect(info.stdout.contains("last error:  none"))
        #expect(info.stdout.contains("refreshes:   every 900 s; last success ") && info.stdout.contains(" (interval)\n"))
        let json = try venuectl(["info", "--json"])
        #expect(json.stdout.hasPrefix(#"{"ok":true,"version":"0.1.0","#), "venued's answer as it came: \(json.stdout)")
        #expect(json.json["source"] as? String == "primary")

        let refreshed = try venuectl(["refresh"])
        #expect(refreshed.code == 0, "\(refreshed.stderr)")
        #expect(refreshed.stdout.hasPrefix("refreshed: serving primary data (primary: adopted ("))
        #expect(refreshed.stdout.filter { $0 == "\n" }.count == 1)

        server.set("/primary", .init(status: 503, body: Array("busy".utf8), contentType: "text/plain"))
        let failed = try venuectl(["refresh"])
        #expect(failed.code == 7)
        #expect(failed.stderr.hasPrefix("venuectl: venued could not refresh: no source answered with venues (primary: HTTP 503"))
        #expect(failed.stderr.hasSuffix("still serving primary data\n") && failed.stderr.filter { $0 == "\n" }.count == 1)
        let afterFailure = try venuectl(["info"])
        #expect(afterFailure.stdout.contains("1 failed refresh in a row: primary: HTTP 503"))
    }

    @Test(arguments: [["info"], ["info", "--json"], ["refresh"]])
    func infoAndRefreshNeedTheDaemon(arguments: [String]) throws {
        server.stop()
        let run = try venuectl(arguments)
        #expect(run.code == 6)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "venuectl: venued is not running (no socket at \(home.socketPath)): start it with 'swift run venued' in another terminal\n")
    }

    @Test func helpListsTheCommandsAndTheirOptions() throws {
        server.stop()
        let help = try venuectl(["--help"])
        #expect(help.code == 0 && help.stdout.contains("status") && help.stdout.contains("info") && help.stdout.contains("refresh"))
        for command in ["status", "info", "refresh"] {
            let run = try venuectl([command, "--help"])
            #expect(run.code == 0 && run.stdout.contains("usage: venuectl \(command)") && run.stdout.contains("--socket PATH"))
        }
        let stray = try venuectl(["refresh", "now"])
        #expect(stray.code == 2 && stray.stderr.contains("refresh takes no arguments, not 'now' (see 'venuectl refresh --help')"))
    }
}
