import Foundation
import Glibc
import Testing

/// Numbers from outside (a flag, the cache's meta, an answer on the socket) never make
/// either program trap: each is bounded where it is read, before any sum is made with it.
@Suite struct OutsideNumbers {
    let home = DaemonProcess.Home()
    static let offline = ["--primary-url", "http://127.0.0.1:9/none", "--backup-url", "http://127.0.0.1:9/none", "--timeout", "1"]
    /// `WallClock.offsetLimit`: a hundred years of 365.25 days.
    static let offsetLimit = 3_155_760_000

    func venuectl(_ arguments: [String]) throws -> VenuectlRunner.Run {
        try VenuectlRunner.run(arguments, home: home)
    }

    @Test(arguments: ["9223372036854775807", "-9223372036854775808", "3155760001", "-3155760001", "99999999999999999999"])
    func aClockOffsetBeyondAHundredYearsIsRefusedAtStart(offset: String) throws {
        let daemon = try DaemonProcess(home: home, arguments: Self.offline + ["--clock-offset", offset], waitForSocket: false)
        #expect(daemon.waitForExit() == 2)
        #expect(daemon.stderr == "venued: clock_offset must be whole seconds from -3155760000 to 3155760000 (100 years either way), not '\(offset)'\n")
    }

    @Test(arguments: [offsetLimit, -offsetLimit])
    func aClockOffsetAtTheLimitAnswersEveryCommand(offset: Int) throws {
        let daemon = try DaemonProcess(home: home, arguments: Self.offline + ["--clock-offset", "\(offset)"])
        defer { daemon.stop() }
        for request in [#"{"v":1,"cmd":"status"}"#, #"{"v":1,"cmd":"status","render":"plain"}"#, #"{"v":1,"cmd":"info"}"#,
                        #"{"v":1,"cmd":"hours","venue":"593"}"#, #"{"v":1,"cmd":"next"}"#] {
            #expect(try daemon.request(request)["ok"] as? Bool == true, "\(request)")
        }
        let status = try venuectl(["status", "--format", "prompt", "commons"])
        #expect(status.code == 0 && status.stdout.contains("1920 Commons"), "\(status.stderr)")
        #expect((0...2).contains(try venuectl(["is-open", "-q", "commons"]).code))
        #expect(daemon.process.isRunning)
    }

    /// The bundled week as venued's cache, with a meta that matches it but for `fetchedAt`.
    func writeCache(fetchedAt: String) throws {
        mkdirs(home.cacheDirectory)
        let bytes = Feeds.backup2023
        try Data(bytes).write(to: URL(fileURLWithPath: home.cacheDirectory + "/venues.json"))
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let meta = "source = primary\nurl = http://127.0.0.1:9/none\nfetched_at = \(fetchedAt)\nsize = \(bytes.count)\nchecksum = \(String(hash, radix: 16))\n"
        try meta.write(toFile: home.cacheDirectory + "/venues.meta", atomically: true, encoding: .utf8)
    }

    @Test(arguments: ["-9223372036854775808", "9223372036854775807", "-1", "7258118400"])
    func aMetaWithAnImplausibleFetchTimeIsIgnored(fetchedAt: String) throws {
        try writeCache(fetchedAt: fetchedAt)
        // Without venued: the local copy is the cache, its meta ignored, no trap.
        for arguments in [["status", "commons"], ["status", "--format", "prompt"], ["is-open", "commons"], ["hours", "commons"],
                          ["next"], ["search", "commons"]] {
            let run = try venuectl(arguments)
            #expect([0, 1, 2].contains(run.code), "\(arguments): exit \(run.code): \(run.stderr)")
        }
        let json = try venuectl(["status", "--json", "commons"])
        #expect(json.json["source"] as? String == "cache" && json.json["fetched_at"] is NSNull)

        // venued starts from it, answers, and says it does not know when it was fetched.
        let daemon = try DaemonProcess(home: home, arguments: Self.offline)
        defer { daemon.stop() }
        let info = try daemon.request(#"{"v":1,"cmd":"info"}"#)
        #expect(info["source"] as? String == "cache" && info["fetched_at"] is NSNull)
        #expect(try daemon.request(#"{"v":1,"cmd":"status"}"#)["ok"] as? Bool == true)
    }

    @Test func aMetaWithAPlausibleFetchTimeIsKept() throws {
        try writeCache(fetchedAt: "\(Int(Date().timeIntervalSince1970) - 60)")
        let json = try venuectl(["status", "--json", "commons"])
        #expect(json.json["source"] as? String == "cache" && json.json["fetched_at"] is String)
    }

    @Test(arguments: ["1e300", "-1e300", "0.5", "9223372036854775808"])
    func isOpenFallsBackWhenAnAnswerHoldsAnIdNoIntHolds(id: String) throws {
        mkdirs(home.root + "/run/venued")
        let answer = #"{"ok":true,"at":"2023-09-18T12:00:00-04:00","venues":[{"id":\#(id),"name":"1920 Commons","state":"open"}]}"# + "\n"
        let stub = try StubSocket(path: home.socketPath, reply: answer)
        defer { stub.stop() }
        let run = try venuectl(["is-open", "commons", "--at", "2023-09-18T12:00"])
        #expect(run.code == 0 && run.stdout == "1920 Commons is open until 4:30 PM (Lunch)\n", "exit \(run.code): \(run.stderr)")
        #expect(run.stderr.contains("answered a status request without the status"), "\(run.stderr)")
        #expect(stub.received.count == 1)
    }
}

/// The work one request may ask for is bounded where it is parsed: venue queries, and
/// JSON values, whatever fits in a 16 KB line.
@Suite struct RequestBudgets {
    let home = DaemonProcess.Home()

    @Test func atMost64VenueQueriesARequestEachCountedOnce() throws {
        let daemon = try home.bundledDaemon()
        defer { daemon.stop() }
        let list = { (count: Int) in (0..<count).map { "\"\($0 + 1)\"" }.joined(separator: ",") }
        let over = try daemon.request(#"{"v":1,"cmd":"status","venues":[\#(list(65))]}"#)
        #expect(over["code"] as? String == "usage" && over["error"] as? String == "\"venues\" may name at most 64 venues", "\(over)")
        let repeated = Array(repeating: "\"593\"", count: 200).joined(separator: ",")
        let same = try daemon.request(#"{"v":1,"cmd":"status","venues":[\#(repeated)]}"#)
        #expect((same["venues"] as? [[String: Any]])?.count == 1, "\(same)")
        let next = try daemon.request(#"{"v":1,"cmd":"next","venues":[\#(list(65))]}"#)
        #expect(next["code"] as? String == "usage")
        let many = try daemon.request(#"{"v":1,"cmd":"status","venues":[\#(Array(repeating: "1", count: 300).joined(separator: ","))]}"#)
        #expect(many["error"] as? String == "a request holds at most 256 JSON values", "\(many)")
        let cli = try VenuectlRunner.run(["status"] + (1...65).map(String.init), home: home)
        #expect(cli.code == 2 && cli.stderr.contains("at most 64 VENUE arguments"), "\(cli.stderr)")
    }
    /// A flood of costly questions sent and abandoned, a 16 KB template, a line of
    /// thousands of venue queries and 64 `refresh` clients that hang up at once: a real
    /// `venuectl status` is still answered by venued within its 150 ms, each time.
    @Test func floodsAndHungUpRefreshesLeaveStatusAnswering() throws {
        let server = try ScriptedHTTPServer()
        defer { server.stop() }
        server.set("/primary", .init(body: Feeds.current(), delay: 3))
        let daemon = try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/primary"), "--timeout", "5",
        ])
        defer { daemon.stop() }
        let hungUp = try (0..<64).map { _ in try UnixClient(path: home.socketPath, timeout: 3) }
        for client in hungUp { try client.send(#"{"v":1,"cmd":"refresh"}"# + "\n") }
        for client in hungUp { client.close() }

        let long = try daemon.request(#"{"v":1,"cmd":"status","render":"template","template":"\#(String(repeating: "{name} ", count: 2300))"}"#)
        #expect(long["code"] as? String == "usage", "\(long)")
        let queries = (0..<4000).map { _ in "\"a\"" }.joined(separator: ",")
        #expect(try daemon.request(#"{"v":1,"cmd":"status","venues":[\#(queries)]}"#)["code"] as? String == "bad_request")
        let template = String(repeating: "{name} {state} ", count: 66)
        for soon in 0..<200 {
            let client = try UnixClient(path: home.socketPath, timeout: 3)
            try? client.send(#"{"v":1,"cmd":"status","render":"template","template":"\#(template)","soon":\#(soon)}"# + "\n")
            client.close()
        }
        // A long question from a client that shut only its sending side is still answered.
        let halfClosed = try UnixClient(path: home.socketPath, timeout: 3)
        defer { halfClosed.close() }
        try halfClosed.send(#"{"v":1,"cmd":"status","render":"template","template":"\#(template)","soon":777}"#)
        shutdown(halfClosed.fd, Int32(SHUT_WR))
        #expect(try halfClosed.readObject()["ok"] as? Bool == true)
        for _ in 0..<10 {
            let run = try VenuectlRunner.run(["status", "--format", "prompt"], home: home)
            #expect(run.code == 0 && run.stderr.isEmpty, "not answered by venued: \(run.stderr)")
        }
        // Every slot the refresh clients held is free again.
        let clients = try (0..<64).map { _ in try UnixClient(path: home.socketPath, timeout: 3) }
        defer { clients.forEach { $0.close() } }
        for client in clients { try client.send(#"{"v":1,"cmd":"status"}"# + "\n") }
        for client in clients { #expect(try client.readObject()["ok"] as? Bool == true) }
    }
}
