import Foundation
import Testing

/// The source chain of the real binary against a scripted HTTP server on 127.0.0.1:
/// primary, backup, disk cache, bundled; and every way a fetch can fail.
@Suite struct SourceChain {
    let server: ScriptedHTTPServer
    let home = DaemonProcess.Home()

    init() throws { server = try ScriptedHTTPServer() }

    func start(_ extra: [String] = [], home: DaemonProcess.Home? = nil) throws -> DaemonProcess {
        try DaemonProcess(home: home ?? self.home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/backup"), "--timeout", "2",
        ] + extra)
    }

    static let failing = ScriptedHTTPServer.Response(status: 500, body: Array("oops".utf8), contentType: "text/plain")

    @Test func primaryDataIsServedAndCached() throws {
        server.set("/primary", .init(body: Feeds.current(), etag: "\"v1\""))
        server.set("/backup", Self.failing)
        let daemon = try start()
        defer { daemon.stop(); server.stop() }
        _ = try daemon.waitForInfo { $0["source"] as? String == "primary" }
        let status = try daemon.request(#"{"v":1,"cmd":"status"}"#)
        #expect(status["ok"] as? Bool == true)
        #expect(status["source"] as? String == "primary")
        let venues = try #require(status["venues"] as? [[String: Any]])
        #expect(venues.map { $0["name"] as? String } == ["Test Commons"])
        #expect(FileManager.default.fileExists(atPath: home.cacheDirectory + "/venues.json"))
        let meta = try String(contentsOfFile: home.cacheDirectory + "/venues.meta", encoding: .utf8)
        #expect(meta.contains("etag = \"v1\""))
    }

    @Test func primaryErrorFallsBackToBackup() throws {
        server.set("/primary", .init(status: 400, body: Array(#"{"error":"upstream unavailable"}"#.utf8)))
        server.set("/backup", .init(body: Feeds.backup2023))
        let daemon = try start()
        defer { daemon.stop(); server.stop() }
        let info = try daemon.waitForInfo { $0["source"] as? String == "backup" }
        #expect((info["coverage"] as? [String: Any])?["first"] as? String == "2023-09-16")
        #expect(daemon.stderr.contains("HTTP 400"))
    }

    @Test func olderBackupDoesNotReplaceFreshPrimary() throws {
        server.set("/primary", .init(body: Feeds.current()))
        server.set("/backup", Self.failing)
        let daemon = try start()
        defer { daemon.stop(); server.stop() }
        _ = try daemon.waitForInfo { $0["source"] as? String == "primary" }
        server.set("/primary", Self.failing)
        server.set("/backup", .init(body: Feeds.backup2023))
        let refresh = try daemon.request(#"{"v":1,"cmd":"refresh"}"#, timeout: 10)
        let attempts = try #require(refresh["attempts"] as? [[String: Any]])
        #expect(attempts.count == 2)
        #expect(attempts[1]["source"] as? String == "backup")
        #expect((attempts[1]["detail"] as? String)?.contains("kept the held primary data") == true)
        let info = try daemon.request(#"{"v":1,"cmd":"info"}"#)
        #expect(info["source"] as? String == "primary")
        #expect((info["coverage"] as? [String: Any])?["first"] as? String == "\(Feeds.today.adding(days: -1))")
    }

    @Test func bothDownAfterRestartServesTheDiskCache() throws {
        server.set("/primary", .init(body: Feeds.current(name: "Cached Commons")))
        server.set("/backup", Self.failing)
        let first = try start()
        _ = try first.waitForInfo { $0["source"] as? String == "primary" }
        #expect(first.stop() == 0)

        server.set("/primary", Self.failing)
        let second = try start()
        defer { second.stop(); server.stop() }
        let refresh = try second.request(#"{"v":1,"cmd":"refresh"}"#, timeout: 10)
        #expect(refresh["ok"] as? Bool == false)
        #expect((refresh["error"] as? String)?.contains("still serving cache data") == true)
        let status = try second.request(#"{"v":1,"cmd":"status"}"#)
        #expect(status["source"] as? String == "cache")
        #expect((status["venues"] as? [[String: Any]])?.first?["name"] as? String == "Cached Commons")
    }

    @Test func conditionalGetAnswered304KeepsTheCachedCopy() throws {
        server.set("/primary", .init(body: Feeds.current(), etag: "\"abc\""))
        server.set("/backup", Self.failing)
        let daemon = try start()
        defer { daemon.stop(); server.stop() }
        _ = try daemon.waitForInfo { $0["source"] as? String == "primary" }
        let refresh = try daemon.request(#"{"v":1,"cmd":"refresh"}"#, timeout: 10)
        let attempts = try #require(refresh["attempts"] as? [[String: Any]])
        #expect(attempts.first?["detail"] as? String == "adopted (not modified)")
        #expect(server.requests.last?.headers["if-none-match"] == "\"abc\"")
        #expect(try daemon.request(#"{"v":1,"cmd":"info"}"#)["source"] as? String == "primary")
    }

    @Test func hungServerHitsTheTimeout() throws {
        server.set("/primary", .init(body: Feeds.current(), delay: 20))
        server.set("/backup", .init(body: Feeds.backup2023))
        let daemon = try start(["--timeout", "1"])
        defer { daemon.stop(); server.stop() }
        // At most the automatic first refresh and this one, each bounded by the 1 s
        // timeout: answered long before the server's 20 s delay ends.
        let refresh = try daemon.request(#"{"v":1,"cmd":"refresh"}"#, timeout: 12)
        let attempts = try #require(refresh["attempts"] as? [[String: Any]])
        #expect(attempts.first?["detail"] as? String == "no complete answer within 1 s")
        #expect(refresh["source"] as? String == "backup")
    }

    @Test func unusableBodiesAreFailuresWithTheirReason() throws {
        server.set("/backup", Self.failing)
        server.set("/primary", Self.failing)
        let daemon = try start(["--refresh", "3"])
        defer { daemon.stop(); server.stop() }
        let oversized = Feeds.backup2023 + [UInt8](repeating: 0x20, count: 4 << 20)
        let cases: [(ScriptedHTTPServer.Response, String)] = [
            (.init(body: Array(Feeds.current().prefix(120)), declaredLength: Feeds.current().count), "transfer closed"),
            (.init(body: Array(Feeds.current().prefix(120))), "invalid JSON"),
            (.init(body: Array("<html><body>Maintenance</body></html>".utf8), contentType: "text/html"), "an HTML page"),
            (.init(body: oversized), "over the 4 MB cap"),
            (.init(body: Array("[]".utf8)), "an empty venue list"),
            (.init(status: 503, body: Array("busy".utf8)), "HTTP 503"),
        ]
        // Each case comes with the next refresh (the backoff is capped at --refresh 3 s),
        // whose failure `info` reports with its reason.
        for (response, reason) in cases {
            server.set("/primary", response)
            let info = try daemon.waitForInfo(seconds: 20) { ($0["last_error"] as? String)?.hasPrefix("primary: ") == true && ($0["last_error"] as? String)?.contains(reason) == true }
            #expect(info["source"] as? String == "bundled")
        }
        // A refresh asked inside the backoff gets the last report at once, and when it may ask again.
        let gated = try daemon.request(#"{"v":1,"cmd":"refresh"}"#, timeout: 10)
        #expect(gated["ok"] as? Bool == false && gated["attempts"] != nil)
    }

    @Test func aCorruptCacheIsMovedAsideNotTrusted() throws {
        mkdirs(home.cacheDirectory)
        try Data("[{\"id\": 1, \"days\": [".utf8).write(to: URL(fileURLWithPath: home.cacheDirectory + "/venues.json"))
        server.set("/primary", Self.failing)
        server.set("/backup", Self.failing)
        let daemon = try start()
        defer { daemon.stop(); server.stop() }
        #expect(try daemon.request(#"{"v":1,"cmd":"info"}"#)["source"] as? String == "bundled")
        #expect(FileManager.default.fileExists(atPath: home.cacheDirectory + "/venues.json.corrupt"))
        #expect(!FileManager.default.fileExists(atPath: home.cacheDirectory + "/venues.json"))
        #expect(daemon.stderr.contains("moved it to venues.json.corrupt"))
    }
}
