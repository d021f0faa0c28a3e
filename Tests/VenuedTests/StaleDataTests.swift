import DiningHours
import Foundation
import Testing
import VenueReports

/// The real venued says when what it serves is old: its cached copy while refreshes
/// fail is stale in `status` and `info`, and a subscriber hears when it is fresh again,
/// even when the refresh brought the same venues.
@Suite struct StaleData {
    let home = DaemonProcess.Home()

    /// venued's cache files, as it writes them, for a copy fetched at `fetchedAt`.
    func writeCache(_ bytes: [UInt8], fetchedAt: Instant) throws {
        mkdirs(home.cacheDirectory)
        let meta = CacheFiles.Meta(describing: bytes, source: .primary, url: "http://127.0.0.1:9/primary", etag: nil,
                                   lastModified: nil, fetchedAt: fetchedAt)
        try Data(bytes).write(to: URL(fileURLWithPath: home.cacheDirectory + "/venues.json"))
        try CacheFiles.render(meta).write(toFile: home.cacheDirectory + "/venues.meta", atomically: true, encoding: .utf8)
    }

    @Test func theCacheServedWhileRefreshesFailIsOldUntilARefreshWorks() throws {
        let server = try ScriptedHTTPServer()
        defer { server.stop() }
        let down = ScriptedHTTPServer.Response(status: 500, body: Array("down".utf8))
        server.set("/primary", down)
        server.set("/backup", down)
        // Noon today on venued's clock, so no opening or closing of the test feed comes first.
        let noon = Feeds.zone.instant(for: LocalDateTime(date: Feeds.today, secondOfDay: 12 * 3600))
        let offset = noon.secondsSinceEpoch - Int(Date().timeIntervalSince1970)
        let bytes = Feeds.current()
        try writeCache(bytes, fetchedAt: noon - 600)
        let daemon = try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/backup"), "--timeout", "1",
            "--clock-offset", "\(offset)", "--refresh", "3",
        ])
        defer { daemon.stop() }
        let info = try daemon.waitForInfo { ($0["failures"] as? Int ?? 0) > 0 }
        #expect(info["source"] as? String == "cache" && info["stale"] as? Bool == true && info["stale_reason"] as? String == "refresh_failing")
        let status = try daemon.request(#"{"v":1,"cmd":"status"}"#)
        #expect(status["stale"] as? Bool == true && status["stale_reason"] as? String == "refresh_failing")
        #expect(status["fetched_at"] as? String == Feeds.zone.iso8601(noon - 600))
        let plain = try daemon.request(#"{"v":1,"cmd":"status","render":"plain"}"#)
        #expect((plain["text"] as? String)?.contains("\nOld data: venued's refreshes are failing, so it serves its cached copy from ") == true)

        let client = try UnixClient(path: home.socketPath, timeout: 8)
        defer { client.close() }
        try client.send(#"{"v":1,"cmd":"subscribe","render":"prompt"}"# + "\n")
        #expect(try client.readObject()["text"] as? String == "Test Commons open till 10pm (old)\n")
        // The same venues again: not new data, but no longer old, and the subscriber hears it.
        server.set("/primary", .init(body: bytes))
        #expect(try daemon.refreshThroughTheGate()["ok"] as? Bool == true)
        let pushed = try client.readObject()
        #expect(pushed["event"] as? String == "data" && pushed["source"] as? String == "primary")
        #expect(pushed["text"] as? String == "Test Commons open till 10pm\n")
        let fresh = try daemon.request(#"{"v":1,"cmd":"info"}"#)
        #expect(fresh["stale"] as? Bool == false && fresh["stale_reason"] is NSNull)
    }
}
