import Foundation
import Testing

/// The refresh schedule of the real binary against a scripted HTTP server on 127.0.0.1:
/// what the server's cache headers and Retry-After make of the next refresh, read from
/// the instants `info` reports (the rule itself is RefreshPolicyTests').
@Suite struct RefreshSchedule {
    let server: ScriptedHTTPServer
    let home = DaemonProcess.Home()

    init() throws { server = try ScriptedHTTPServer() }

    func start() throws -> DaemonProcess {
        try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/backup"), "--timeout", "2",
        ])
    }

    /// Seconds from `from` to `to`, two ISO 8601 times of one `info` answer.
    func seconds(_ info: [String: Any], from: String, to: String) throws -> Int {
        let formatter = ISO8601DateFormatter()
        let start = try #require((info[from] as? String).flatMap(formatter.date), "\(from): \(info)")
        let end = try #require((info[to] as? String).flatMap(formatter.date), "\(to): \(info)")
        return Int(end.timeIntervalSince(start).rounded())
    }

    @Test func twelveHoursOfMaxAgeScheduleTheNextRefreshSixHoursOut() throws {
        server.set("/primary", .init(body: Feeds.current(), headers: ["Cache-Control: public, max-age=43200"]))
        server.set("/backup", SourceChain.failing)
        let daemon = try start()
        defer { daemon.stop(); server.stop() }
        let info = try daemon.waitForInfo { $0["next_refresh_reason"] is String }
        #expect(info["next_refresh_reason"] as? String == "server max-age 43200 s, capped at 21600 s")
        let wait = try seconds(info, from: "last_success_at", to: "next_refresh")
        #expect(wait >= 21_600 && wait <= 21_600 + 2_160, "\(wait)")
    }

    @Test func withoutCacheHeadersTheInterval() throws {
        server.set("/primary", .init(body: Feeds.current()))
        server.set("/backup", SourceChain.failing)
        let daemon = try start()
        defer { daemon.stop(); server.stop() }
        let info = try daemon.waitForInfo { $0["next_refresh_reason"] is String }
        #expect(info["next_refresh_reason"] as? String == "interval")
        let wait = try seconds(info, from: "last_success_at", to: "next_refresh")
        #expect(wait >= 900 && wait <= 990, "\(wait)")
    }

    @Test func a503WithRetryAfterIsNotAskedAgainBeforeIt() throws {
        server.set("/primary", .init(status: 503, body: Array("busy".utf8), contentType: "text/plain", headers: ["Retry-After: 120"]))
        server.set("/backup", SourceChain.failing)
        let daemon = try start()
        defer { daemon.stop(); server.stop() }
        let info = try daemon.waitForInfo { $0["next_refresh_reason"] is String }
        #expect(info["next_refresh_reason"] as? String == "Retry-After 120 s")
        let wait = try seconds(info, from: "last_error_at", to: "next_refresh")
        #expect(wait >= 120 && wait <= 132, "\(wait)")
    }

    @Test func retryAfterCountsOnlyOnA429OrA503() throws {
        server.set("/primary", .init(status: 500, body: Array("oops".utf8), contentType: "text/plain", headers: ["Retry-After: 7200"]))
        server.set("/backup", .init(status: 429, body: Array("slow down".utf8), contentType: "text/plain",
                                    headers: ["Retry-After: 600", "Date: Sun, 06 Nov 1994 08:49:37 GMT"]))
        let daemon = try start()
        defer { daemon.stop(); server.stop() }
        let info = try daemon.waitForInfo { $0["next_refresh_reason"] is String }
        #expect(info["next_refresh_reason"] as? String == "Retry-After 600 s")
        let wait = try seconds(info, from: "last_error_at", to: "next_refresh")
        #expect(wait >= 600 && wait <= 660, "\(wait)")
    }

    @Test func aNotModifiedAnswerCarriesItsOwnLifetime() throws {
        server.set("/primary", .init(body: Feeds.current(), etag: "\"v1\""))
        server.set("/backup", SourceChain.failing)
        let daemon = try start()
        defer { daemon.stop(); server.stop() }
        _ = try daemon.waitForInfo { $0["next_refresh_reason"] as? String == "interval" }
        server.set("/primary", .init(body: Feeds.current(), etag: "\"v1\"", headers: ["Cache-Control: max-age=7200", "Age: 200"]))
        let refresh = try daemon.request(#"{"v":1,"cmd":"refresh"}"#, timeout: 10)
        let attempts = try #require(refresh["attempts"] as? [[String: Any]])
        #expect(attempts.first?["detail"] as? String == "adopted (not modified)")
        let info = try daemon.request(#"{"v":1,"cmd":"info"}"#)
        #expect(info["next_refresh_reason"] as? String == "server max-age 7200 s, Age 200 s")
        let wait = try seconds(info, from: "last_success_at", to: "next_refresh")
        #expect(wait >= 7000 && wait <= 7700, "\(wait)")
    }

    @Test func hostileHeadersFallBackToTheInterval() throws {
        let long = "max-age=" + String(repeating: "9", count: 600)
        server.set("/primary", .init(body: Feeds.current(), headers: [
            "Cache-Control: \(long)", "Cache-Control: no-store", "Expires: Fri, 31 Dec 9999 23:59:59 GMT", "Age: -5",
        ]))
        server.set("/backup", SourceChain.failing)
        let daemon = try start()
        defer { daemon.stop(); server.stop() }
        // The first Cache-Control line does not fit, so the header counts as absent (the later
        // no-store included): never a number cut short. Expires alone then meets the cap.
        let info = try daemon.waitForInfo { $0["next_refresh_reason"] is String }
        let reason = try #require(info["next_refresh_reason"] as? String)
        #expect(reason.hasPrefix("server Expires ") && reason.hasSuffix(", capped at 21600 s"), "\(reason)")
        let wait = try seconds(info, from: "last_success_at", to: "next_refresh")
        #expect(wait >= 21_600 && wait <= 21_600 + 2_160, "\(wait)")
    }
}
