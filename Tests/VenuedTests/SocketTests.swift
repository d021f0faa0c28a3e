import Foundation
import Glibc
import Testing
import VenuedSystem

/// The socket's life: where it is, who may use it, what happens when one is already there.
@Suite struct SocketLifecycle {
    let home = DaemonProcess.Home()
    let arguments = ["--primary-url", "http://127.0.0.1:9/none", "--backup-url", "http://127.0.0.1:9/none", "--timeout", "1"]

    @Test func directoryAndSocketArePrivate() throws {
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        defer { daemon.stop() }
        var info = stat()
        #expect(lstat(home.root + "/run/venued", &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(lstat(home.socketPath, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFSOCK)
        #expect(info.st_mode & 0o777 == 0o600)
    }

    @Test func staleSocketIsReplaced() throws {
        mkdirs(home.root + "/run/venued")
        chmod(home.root + "/run/venued", 0o700)
        // A socket file with nobody listening: what a crashed venued leaves behind.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = UnixAddress(home.socketPath)!
        let bound = address.withSockaddr { bind(fd, $0, $1) }
        close(fd)
        #expect(bound == 0)
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        defer { daemon.stop() }
        #expect(try daemon.request(#"{"v":1,"cmd":"info"}"#)["ok"] as? Bool == true)
    }

    @Test func secondInstanceIsRefused() throws {
        let first = try DaemonProcess(home: home, arguments: arguments)
        defer { first.stop() }
        let second = try DaemonProcess(home: home, arguments: arguments, waitForSocket: false)
        #expect(second.waitForExit() == 3)
        #expect(second.stderr.contains("another venued is already running"))
        #expect(try first.request(#"{"v":1,"cmd":"info"}"#)["ok"] as? Bool == true)
    }

    /// venued removes at exit only the socket file it created: after someone removed
    /// its file and another program bound the path, that program's socket stays.
    @Test func stoppingRemovesOnlyTheSocketItCreated() throws {
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        #expect(unlink(home.socketPath) == 0)
        let other = try StubSocket(path: home.socketPath)
        defer { other.stop() }
        #expect(daemon.stop() == 0)
        var info = stat()
        #expect(lstat(home.socketPath, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK, "the other program's socket is still there")
        #expect((try? UnixClient(path: home.socketPath, timeout: 1)) != nil, "and it is still the other program listening")
    }

    /// One venued per socket path, held by a lock beside it, not by the socket file:
    /// with the first one's file gone, a second would bind a new socket, and stopping
    /// either would then take the other's away.
    @Test func aSecondInstanceIsRefusedEvenAfterTheFirstOnesSocketFileIsGone() throws {
        let first = try DaemonProcess(home: home, arguments: arguments)
        defer { first.stop() }
        #expect(unlink(home.socketPath) == 0)
        let second = try DaemonProcess(home: home, arguments: arguments, waitForSocket: false)
        #expect(second.waitForExit() == 3)
        #expect(second.stderr.contains("another venued is already running on \(home.socketPath) (it holds \(home.socketPath).lock)"), "\(second.stderr)")
        #expect(access(home.socketPath, F_OK) != 0, "the second one bound nothing")
        #expect(first.process.isRunning)
    }

    /// Started at the same instant, exactly one binds: probing, replacing a stale file
    /// and binding happen under the lock, so two starts cannot both win.
    @Test func simultaneousStartsLeaveExactlyOneInstance() throws {
        let daemons = try (0..<4).map { _ in try DaemonProcess(home: home, arguments: arguments, waitForSocket: false) }
        defer { for daemon in daemons { daemon.stop() } }
        let deadline = Date().addingTimeInterval(15)
        while daemons.filter({ !$0.process.isRunning }).count < 3 && Date() < deadline { usleep(20_000) }
        let (running, stopped) = (daemons.filter { $0.process.isRunning }, daemons.filter { !$0.process.isRunning })
        #expect(running.count == 1 && stopped.count == 3)
        #expect(stopped.allSatisfy { $0.process.terminationStatus == 3 }, "\(stopped.map(\.stderr))")
        guard let winner = running.first else { return }
        try winner.waitUntilAnswering()
        #expect(winner.stop() == 0)
        #expect(access(home.socketPath, F_OK) != 0)
    }

    @Test func stopRemovesTheSocketAndExitsCleanly() throws {
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        #expect(daemon.stop() == 0)
        #expect(access(home.socketPath, F_OK) != 0)
    }

    @Test func badRequestsGetOneErrorLine() throws {
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        defer { daemon.stop() }
        let cases = [
            ("not json", "not JSON", "bad_request"),
            (#"{"cmd":"info"}"#, "missing \"v\"", "bad_request"),
            (#"{"v":2,"cmd":"info"}"#, "version 2", "bad_request"),
            (#"{"v":1,"cmd":"dance"}"#, "must be one of", "bad_request"),
            (#"{"v":1,"cmd":"status","venue":"x"}"#, "unknown field \"venue\"", "bad_request"),
            (#"{"v":1,"cmd":"info","more":"yes"}"#, "\"more\" must be true or false", "bad_request"),
            (#"{"v":1,"cmd":"status","render":"html"}"#, "unknown format 'html': use plain, json, waybar", "usage"),
            (#"{"v":1,"cmd":"status","render":"template","template":"{nmae}"}"#, "unknown placeholder '{nmae}'", "usage"),
            (#"{"v":1,"cmd":"status","near":"north"}"#, "--near takes LAT,LON", "usage"),
            (#"{"v":1,"cmd":"status","favorites":true,"favorites_file":"/etc/passwd"}"#, "unknown field \"favorites_file\"", "bad_request"),
            (#"{"v":1,"cmd":"status","favorites":true,"favorite_ids":[1.5]}"#, "must list venue ids", "bad_request"),
            (#"{"v":1,"cmd":"status","render":"plain","columns":0}"#, "\"columns\" must be a whole number", "bad_request"),
            (#"{"v":1,"cmd":"status","venues":["zzzz"]}"#, "no venue matches 'zzzz'", "unknown_venue"),
            (#"{"v":1,"cmd":"status","at":"tomorrow"}"#, "cannot read --at 'tomorrow'", "usage"),
            (#"{"v":1,"cmd":"hours","venue":"1920"}"#, "'1920' matches 3 venues: 1920 Commons, 1920 Gourmet Grocer, 1920 Starbucks", "ambiguous_venue"),
            (#"{"v":1,"cmd":"hours","venue":"comons"}"#, "no venue matches 'comons'", "unknown_venue"),
        ]
        for (line, message, code) in cases {
            let answer = try daemon.request(line)
            #expect(answer["ok"] as? Bool == false)
            #expect((answer["error"] as? String)?.contains(message) == true, "\(line): \(answer)")
            #expect(answer["code"] as? String == code, "\(line): \(answer)")
        }
        // What venuectl needs to print its own line for an unknown venue.
        let unknown = try daemon.request(#"{"v":1,"cmd":"status","venues":["comons"]}"#)
        #expect(unknown["venue"] as? String == "comons" && unknown["suggestions"] as? [String] == ["1920 Commons"])
        let ambiguous = try daemon.request(#"{"v":1,"cmd":"hours","venue":"pret"}"#)
        #expect(ambiguous["venue"] as? String == "pret" && ambiguous["candidates"] as? [String] == ["Pret a Manger Locust Walk", "Pret a Manger MBA"])
    }

    @Test func statusCanAnswerWithTheTextVenuectlPrints() throws {
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        defer { daemon.stop() }
        let answer = try daemon.request(#"{"v":1,"cmd":"status","venues":["593"],"at":"2023-09-18T12:00","render":"plain","color":true,"user_tz":"Europe/Paris"}"#)
        #expect(answer["ok"] as? Bool == true && answer["source"] as? String == "bundled")
        let text = try #require(answer["text"] as? String)
        #expect(text.hasPrefix("Penn dining at Mon Sep 18 12:00 PM · bundled data, 2023-09-16 to 2023-09-22\nTimes are in America/New_York (UTC-4).\n"))
        #expect(text.contains("\u{1B}[32m●\u{1B}[0m 1920 Commons") && text.contains("Lunch · closes at 4:30 PM"))
    }

    @Test func oversizedAndSilentClientsAreCutOffWithoutDelayingOthers() throws {
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        defer { daemon.stop() }
        let silent = try UnixClient(path: home.socketPath, timeout: 30)
        defer { silent.close() }
        // Another client is answered while the silent one still holds its connection.
        #expect(try daemon.request(#"{"v":1,"cmd":"info"}"#, timeout: 10)["ok"] as? Bool == true)
        #expect(throws: TestFailure.self, "the silent client was cut off before another was answered") { try silent.readLineWithin(0) }
        // Then the silent one is cut off (the read deadline), well before the client's 30 s.
        #expect(try silent.readLine() == nil)

        let large = try UnixClient(path: home.socketPath, timeout: 3)
        defer { large.close() }
        try large.send(String(repeating: "x", count: 20_000))
        #expect((try large.readObject()["error"] as? String)?.contains("longer than") == true)
    }

    @Test func answersPlainQuestionsAboutTheBundledWeek() throws {
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        defer { daemon.stop() }
        let status = try daemon.request(#"{"v":1,"cmd":"status","venues":["1920 commons"],"at":"2023-09-18T12:00"}"#)
        let venue = try #require((status["venues"] as? [[String: Any]])?.first)
        #expect(venue["state"] as? String == "open")
        #expect(venue["changes_at"] as? String == "2023-09-18T16:30:00-04:00")
        #expect(status["source"] as? String == "bundled")
        let hours = try daemon.request(#"{"v":1,"cmd":"hours","venue":"593","from":"2023-09-18","days":2}"#)
        let days = try #require(hours["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == ["2023-09-18", "2023-09-19"])
        let next = try daemon.request(#"{"v":1,"cmd":"next","venues":["falk"],"at":"2023-09-18T12:00","limit":1}"#)
        let transition = try #require((next["transitions"] as? [[String: Any]])?.first)
        #expect(transition["kind"] as? String == "closes")
        #expect(transition["at"] as? String == "2023-09-18T14:00:00-04:00")
    }

    @Test func configErrorsStopTheStartWithExitTwo() throws {
        try home.writeConfig("refresh = 600\nrefesh = 60\n")
        let daemon = try DaemonProcess(home: home, arguments: arguments, waitForSocket: false)
        #expect(daemon.waitForExit() == 2)
        #expect(daemon.stderr.contains("unknown key 'refesh'"))
    }
}
