import Foundation
import Glibc
import Synchronization
import Testing

/// The one-thread connection loop, over the real socket: many clients at once, clients
/// that stall, read slowly or pipeline, the connection cap, and a slow `refresh`. None
/// of them may hold up anyone else.
@Suite struct ConnectionLoop {
    let home = DaemonProcess.Home()
    let arguments = ["--primary-url", "http://127.0.0.1:9/none", "--backup-url", "http://127.0.0.1:9/none", "--timeout", "1"]
    let status = #"{"v":1,"cmd":"status"}"#
    let info = #"{"v":1,"cmd":"info"}"#

    @Test func sixtyFourClientsInAClosedLoopAreAllAnswered() throws {
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        defer { daemon.stop() }
        let answered = Atomic(0)
        let failures = Mutex<[String]>([])
        let done = DispatchGroup()
        let (path, request) = (home.socketPath, status + "\n")
        // Threads of their own: a Dispatch queue would run only as many as there are cores.
        for _ in 0..<64 {
            done.enter()
            Thread {
                for _ in 0..<10 {
                    do {
                        let client = try UnixClient(path: path, timeout: 5)
                        defer { client.close() }
                        try client.send(request)
                        if try client.readLine()?.hasPrefix(#"{"ok":true"#) == true { answered.add(1, ordering: .relaxed) }
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                }
                done.leave()
            }.start()
        }
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(answered.load(ordering: .relaxed) == 640)
    }

    @Test func sixtyFourOpenConnectionsAreAllAnswered() throws {
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        defer { daemon.stop() }
        let clients = try (0..<64).map { _ in try UnixClient(path: home.socketPath, timeout: 5) }
        defer { clients.forEach { $0.close() } }
        for client in clients { try client.send(status + "\n") }
        for client in clients { #expect(try client.readObject()["ok"] as? Bool == true) }
    }

    @Test func aClientStuckMidRequestDoesNotDelayOthersAndIsToldWhy() throws {
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        defer { daemon.stop() }
        // Read before the connection exists, so the daemon's read deadline (1 s, from
        // its accept) cannot end before this clock says it may.
        let connected = ContinuousClock.now
        let stuck = try UnixClient(path: home.socketPath, timeout: 30)
        defer { stuck.close() }
        try stuck.send(#"{"v":1,"cmd":"info""#)    // and never the newline
        // Another client is answered while the stuck one still waits for its verdict.
        #expect(try daemon.request(info, timeout: 10)["ok"] as? Bool == true)
        #expect(throws: TestFailure.self, "the stuck client was cut off before another was answered") { try stuck.readLineWithin(0) }
        for _ in 0..<4 { #expect(try daemon.request(info, timeout: 10)["ok"] as? Bool == true) }
        let answer = try stuck.readObject()
        #expect((answer["error"] as? String)?.contains("no complete request within") == true)
        // Not before the read deadline (a lower bound load cannot break).
        #expect(ContinuousClock.now - connected >= .milliseconds(900))
        #expect(try stuck.readLine() == nil)
    }

    @Test func pipelinedRequestsAreAnsweredInOrderAndALastOneWithoutNewlineCounts() throws {
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        defer { daemon.stop() }
        let client = try UnixClient(path: home.socketPath, timeout: 3)
        defer { client.close() }
        try client.send(info + "\n" + "not json\n" + #"{"v":1,"cmd":"hours","venue":"593","from":"2023-09-18","days":1}"#)
        shutdown(client.fd, Int32(SHUT_WR))
        #expect(try client.readObject()["version"] != nil)
        #expect(try client.readObject()["code"] as? String == "bad_request")
        #expect((try client.readObject()["days"] as? [Any])?.count == 1)
        #expect(try client.readLine() == nil)
    }

    @Test func aThousandPipelinedRequestsAreAnsweredInTurnAndThenTheConnectionEnds() throws {
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        defer { daemon.stop() }
        let pipeliner = try UnixClient(path: home.socketPath, timeout: 5)
        defer { pipeliner.close() }
        // Small answers (an unknown venue), so the socket buffer holds them all.
        let lines = (0..<1001).map { #"{"v":1,"cmd":"status","venues":["zz\#($0)"]}"# + "\n" }
        try pipeliner.send(lines.joined())
        #expect(try daemon.request(status, timeout: 2)["ok"] as? Bool == true)
        for index in 0..<1000 {
            let answer = try pipeliner.readObject()
            guard answer["venue"] as? String == "zz\(index)" else {
                Issue.record("answer \(index): \(answer)")
                return
            }
        }
        #expect(try pipeliner.readLine() == nil)
    }

    @Test func answersTheSocketCannotHoldWaitForTheReaderWithoutDelayingOthers() throws {
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        defer { daemon.stop() }
        let reader = try UnixClient(path: home.socketPath, timeout: 5)
        defer { reader.close() }
        // 300 answers of a few KB each: far more than a socket buffer holds.
        try reader.send(String(repeating: status + "\n", count: 300))
        // Once the first answers arrive, the rest soon fill the socket and wait on the reader.
        try reader.waitUntilReadable(seconds: 20)
        // The other client is answered while the reader has read nothing: had the loop
        // waited on the reader instead, it would have dropped it at the write deadline,
        // and the reader would not get its 300 answers below.
        #expect(try daemon.request(info, timeout: 10)["ok"] as? Bool == true)
        for index in 0..<300 {
            let answer = try reader.readObject()
            guard answer["ok"] as? Bool == true else {
                Issue.record("answer \(index): \(answer)")
                return
            }
        }
    }

    @Test func aFullWaitingRoomRefusesTheProcessThatFilledItAndLetsAnotherIn() throws {
        let server = try ScriptedHTTPServer()
        defer { server.stop() }
        server.set("/primary", .init(body: Feeds.current(), delay: 5))
        let daemon = try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/primary"), "--timeout", "8",
        ])
        defer { daemon.stop() }
        // 64 slots held by requests being answered (a slow refresh), 64 clients waiting.
        let holders = try (0..<64).map { _ in try UnixClient(path: home.socketPath, timeout: 3) }
        defer { holders.forEach { $0.close() } }
        for holder in holders { try holder.send(#"{"v":1,"cmd":"refresh"}"# + "\n") }
        usleep(100_000)
        let waiting = try (0..<64).map { _ in try UnixClient(path: home.socketPath, timeout: 3) }
        defer { waiting.forEach { $0.close() } }
        for client in waiting { try client.send(info + "\n") }
        // One more of this process is refused at once, rather than queued in the kernel.
        let surplus = try UnixClient(path: home.socketPath, timeout: 3)
        defer { surplus.close() }
        try? surplus.send(info + "\n")
        #expect(try surplus.readObject()["code"] as? String == "busy")
        // Another process takes the place of this one's newest waiting client, and gets
        // the first slot that frees (a holder that leaves frees its slot at once).
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        other.arguments = ["-c", """
            import socket, sys
            s = socket.socket(socket.AF_UNIX); s.settimeout(5); s.connect(sys.argv[1])
            s.sendall(b'{"v":1,"cmd":"info"}\\n'); print(s.makefile().readline(), end="")
            """, home.socketPath]
        let output = Pipe()
        other.standardOutput = output
        try other.run()
        for holder in holders where other.isRunning {
            usleep(20_000)
            holder.close()
        }
        other.waitUntilExit()
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(answer.hasPrefix(#"{"ok":true"#), "\(answer)")
    }

    @Test func aSlowRefreshDoesNotHoldUpOtherClients() throws {
        let server = try ScriptedHTTPServer()
        defer { server.stop() }
        server.set("/primary", .init(body: Feeds.current(), delay: 4))
        server.set("/backup", .init(status: 500, body: Array("down".utf8)))
        let daemon = try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/backup"), "--timeout", "8",
        ])
        defer { daemon.stop() }
        // The first refresh is under way once the upstream has the question; this one joins it.
        try waitUntil("the refresh reached the upstream") { server.requests.count > 0 }
        let refresher = try UnixClient(path: home.socketPath, timeout: 20)
        defer { refresher.close() }
        try refresher.send(#"{"v":1,"cmd":"refresh"}"# + "\n" + info + "\n")
        for _ in 0..<5 { #expect(try daemon.request(status, timeout: 10)["ok"] as? Bool == true) }
        // All answered while the refresh still waits on the upstream's 4 s delay.
        #expect(throws: TestFailure.self, "the refresh ended before the others were answered") { try refresher.readLineWithin(0) }
        let refreshed = try refresher.readObject()
        #expect(refreshed["ok"] as? Bool == true && refreshed["source"] as? String == "primary")
        // The next request on the same connection is served once the refresh is done.
        #expect(try refresher.readObject()["source"] as? String == "primary")
    }
}
