import DiningHours
import Foundation
import Testing

/// venued's menus with the real binary, a real socket and a scripted HTTP server
/// (docs/MENUS.md, "venued"): a week fetched, kept on disk and served; never worse; at
/// most one round per max-age whatever clients and restarts do; Retry-After obeyed.
@Suite struct Menus {
    let server: ScriptedHTTPServer
    let home = DaemonProcess.Home()

    init() throws {
        server = try ScriptedHTTPServer()
        server.set("/primary", .init(body: Feeds.current()))
    }

    func start() throws -> DaemonProcess {
        try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/primary"), "--timeout", "2",
            "--menus-url", server.url("/menus"),
        ])
    }

    static func menus(_ info: [String: Any]) -> [String: Any] { info["menus"] as? [String: Any] ?? [:] }

    /// Info once the first venues refresh is over and no menus round runs (one that
    /// comes due starts in the same turn as the chain's end, so it would show here).
    static func settled(_ daemon: DaemonProcess, _ condition: @escaping ([String: Any]) -> Bool = { _ in true }) throws -> [String: Any] {
        try daemon.waitForInfo(seconds: 20) { info in
            info["last_success_at"] is String && info["refreshing"] as? Bool == false
                && menus(info)["refreshing"] as? Bool == false && menus(info)["last_round"] is String && condition(info)
        }
    }

    static func dates(_ daemon: DaemonProcess) throws -> [[String: Any]] {
        try #require(daemon.request(#"{"v":1,"cmd":"menus"}"#)["dates"] as? [[String: Any]])
    }

    @Test func aWeekIsFetchedKeptAndServed() throws {
        MenuBodies.serveWeek(server)
        var daemon = try start()
        defer { daemon.stop(); server.stop() }
        let info = try Self.settled(daemon)
        let held = try #require(Self.menus(info)["dates"] as? [[String: Any]])
        #expect(held.count == 7 && held.allSatisfy { $0["menus"] as? Int == 1 })
        #expect(MenuBodies.requests(server) == 7)

        let dates = try Self.dates(daemon)
        #expect(dates.count == 8)
        #expect(dates.first?["menus"] is NSNull && (dates.first?["reason"] as? String)?.contains("no menus") == true)
        for (entry, date) in zip(dates.dropFirst(), MenuBodies.week) {
            #expect(entry["date"] as? String == "\(date)" && entry["source"] as? String == "primary")
            #expect((entry["menus"] as? String)?.contains(MenuBodies.dish(on: date)) == true)
        }
        // A date outside the week is an answer, not an error.
        let far = try daemon.request(#"{"v":1,"cmd":"menus","dates":["2001-01-01"]}"#)
        #expect(far["ok"] as? Bool == true)
        #expect(((far["dates"] as? [[String: Any]])?.first?["reason"] as? String)?.contains("venued keeps") == true)

        // Read back from disk after a restart, without asking Penn again.
        #expect(daemon.stop() == 0)
        daemon = try start()
        _ = try Self.settled(daemon)
        let again = try Self.dates(daemon)
        #expect(again.dropFirst().allSatisfy { $0["source"] as? String == "cache" && $0["menus"] is String })
        #expect(MenuBodies.requests(server) == 7)
    }

    @Test(arguments: ["[]", "500", "html"]) func aBadAnswerAfterAGoodDayKeepsIt(_ bad: String) throws {
        MenuBodies.serveWeek(server)
        var daemon = try start()
        defer { daemon.stop(); server.stop() }
        _ = try Self.settled(daemon)
        #expect(daemon.stop() == 0)
        // The next round, at once: as if the max-age had passed.
        unlink(home.root + "/cache/venued/menus/state.json")
        for date in MenuBodies.week {
            switch bad {
            case "[]": server.set(MenuBodies.path(date), .init(body: Array("[]".utf8)))
            case "500": server.set(MenuBodies.path(date), .init(status: 500, body: Array("oops".utf8), contentType: "text/plain"))
            default: server.set(MenuBodies.path(date), .init(body: Array("<html>maintenance</html>".utf8), contentType: "text/html"))
            }
        }
        daemon = try start()
        let info = try Self.settled(daemon) { MenuBodies.requests(server) > 7 && Self.menus($0)["last_round"] as? String != nil }
        let today = try #require((Self.menus(info)["dates"] as? [[String: Any]])?.first { $0["date"] as? String == "\(MenuBodies.today)" })
        #expect(today["menus"] as? Int == 1)
        #expect((today["problem"] as? String)?.contains("kept the menus") == true)
        let served = try #require(try Self.dates(daemon).first { $0["date"] as? String == "\(MenuBodies.today)" })
        #expect((served["menus"] as? String)?.contains(MenuBodies.dish(on: MenuBodies.today)) == true)
        #expect(served["stale"] as? Bool == true)
        // A failed GET ends the round: the other dates are not asked.
        #expect(MenuBodies.requests(server) == (bad == "500" ? 8 : 14))
        // A restart, inside the backoff, still says why (the state file keeps each date's problem).
        #expect(daemon.stop() == 0)
        daemon = try start()
        let restarted = try Self.settled(daemon)
        let kept = try #require((Self.menus(restarted)["dates"] as? [[String: Any]])?.first { $0["date"] as? String == "\(MenuBodies.today)" })
        #expect(kept["problem"] as? String == today["problem"] as? String)
        #expect(MenuBodies.requests(server) == (bad == "500" ? 8 : 14))
    }

    @Test func refreshesAndRestartsWithinMaxAgeSendOneRound() throws {
        MenuBodies.serveWeek(server)
        var daemon = try start()
        defer { daemon.stop(); server.stop() }
        _ = try Self.settled(daemon)
        for _ in 0..<3 {
            #expect(try daemon.request(#"{"v":1,"cmd":"refresh"}"#, timeout: 10)["ok"] as? Bool == true)
            _ = try Self.settled(daemon)
        }
        for _ in 0..<2 {
            #expect(daemon.stop() == 0)
            daemon = try start()
            _ = try Self.settled(daemon)
        }
        #expect(MenuBodies.requests(server) == 7)
        #expect(server.requests.filter { $0.path == "/primary" }.count >= 6)
    }

    @Test func retryAfterIsObeyedAcrossRestarts() throws {
        MenuBodies.serveWeek(server)
        server.set(MenuBodies.path(MenuBodies.today), .init(status: 503, body: Array("busy".utf8), contentType: "text/plain",
                                                            headers: ["Retry-After: 3600"]))
        var daemon = try start()
        defer { daemon.stop(); server.stop() }
        let info = try Self.settled(daemon)
        #expect(MenuBodies.requests(server) == 1)
        #expect((Self.menus(info)["next_round_reason"] as? String)?.hasPrefix("Retry-After 3600") == true)
        let today = try #require(try Self.dates(daemon).first { $0["date"] as? String == "\(MenuBodies.today)" })
        #expect(today["menus"] is NSNull && (today["reason"] as? String)?.contains("HTTP 503") == true)
        #expect(daemon.stop() == 0)
        daemon = try start()
        _ = try Self.settled(daemon)
        #expect(MenuBodies.requests(server) == 1)
    }

    @Test func venuectlMenuAndDishSearchAskVenued() throws {
        MenuBodies.serveWeek(server)
        let daemon = try start()
        defer { daemon.stop(); server.stop() }
        _ = try Self.settled(daemon)
        let (today, tomorrow) = (MenuBodies.today, MenuBodies.today.adding(days: 1))
        let at = "\(today)T09:00"
        let menu = try VenuectlRunner.run(["menu", "Test Commons", "--date", "tomorrow", "--at", at], home: home)
        #expect(menu.code == 0 && menu.stderr.isEmpty && menu.stdout.contains(MenuBodies.dish(on: tomorrow)), "\(menu.stderr)")
        // The same answer as from the same body in a --menus folder.
        let folder = home.root + "/menus"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(MenuBodies.day(tomorrow)).write(to: URL(fileURLWithPath: "\(folder)/\(tomorrow).json"))
        let fromFolder = try VenuectlRunner.run(["menu", "Test Commons", "--date", "tomorrow", "--at", at, "--menus", folder], home: home)
        #expect(fromFolder.code == 0 && fromFolder.stdout == menu.stdout)

        let dish = try VenuectlRunner.run(["search", "--dish", MenuBodies.dish(on: today.adding(days: 3)), "--at", at], home: home)
        #expect(dish.code == 0 && dish.stdout.contains("Test Commons") && dish.stdout.contains(MenuBodies.dish(on: today.adding(days: 3))), "\(dish.stderr)")

        #expect(daemon.stop() == 0)
        let down = try VenuectlRunner.run(["menu", "Test Commons", "--at", at], home: home)
        #expect(down.code == 6 && down.stdout.isEmpty && down.stderr.filter { $0 == "\n" }.count == 1
            && down.stderr.contains("menus come from venued, or from --menus FILE|DIR"), "\(down.stderr)")
    }

    /// `status --details` computes from venued's feed and menus: venued's own answer,
    /// with the stations of the meal being served under the venue.
    @Test func statusDetailsNamesTheStationsOfVenuedsMenus() throws {
        MenuBodies.serveWeek(server)
        let daemon = try start()
        defer { daemon.stop(); server.stop() }
        _ = try Self.settled(daemon)
        let at = "\(MenuBodies.today)T12:00"
        let plain = try VenuectlRunner.run(["status", "--at", at], home: home, environment: ["NO_COLOR": "1"])
        let details = try VenuectlRunner.run(["status", "--details", "--at", at], home: home, environment: ["NO_COLOR": "1"])
        #expect(details.code == 0 && details.stderr.isEmpty && details.stdout.contains("· primary data, "), "\(details.stderr)")
        #expect(details.stdout.contains("Test Commons") && details.stdout.replacingOccurrences(of: "    stations: grill\n", with: "") == plain.stdout,
                "\(details.stdout)\n\(plain.stdout)")
        let json = try VenuectlRunner.run(["status", "--details", "--json", "--at", at], home: home)
        #expect((json.json["venues"] as? [[String: Any]])?.first?["stations"] as? [String] == ["grill"], "\(json.stdout)")
        let evening = try VenuectlRunner.run(["status", "--details", "--at", "\(MenuBodies.today)T18:00"], home: home)
        #expect(evening.code == 0 && evening.stderr.isEmpty && !evening.stdout.contains("stations"), "\(evening.stdout)")
    }

    @Test func aVenuesRefreshCutsTheMenusGetUnderWayAndTheRoundResumes() throws {
        MenuBodies.serveWeek(server)
        let today = MenuBodies.path(MenuBodies.today)
        server.set(today, .init(body: MenuBodies.day(MenuBodies.today), delay: 30))
        let daemon = try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/primary"), "--timeout", "40",
            "--menus-url", server.url("/menus"),
        ])
        defer { daemon.stop(); server.stop() }
        try waitUntil("the menus GET of today under way") { server.requests.contains { $0.path == today } }
        server.set(today, .init(body: MenuBodies.day(MenuBodies.today)))
        let asked = Date()
        #expect(try daemon.request(#"{"v":1,"cmd":"refresh"}"#, timeout: 10)["ok"] as? Bool == true)
        #expect(Date().timeIntervalSince(asked) < 5, "the venues' refresh waited for the menus GET")
        let info = try Self.settled(daemon) { (Self.menus($0)["dates"] as? [[String: Any]])?.count == 7 }
        #expect((Self.menus(info)["dates"] as? [[String: Any]])?.allSatisfy { $0["menus"] as? Int == 1 } == true)
        #expect(server.requests.filter { $0.path == today }.count == 2 && MenuBodies.requests(server) == 8)
    }
}
