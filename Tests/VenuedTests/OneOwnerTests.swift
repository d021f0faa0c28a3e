import Foundation
import Glibc
import Testing

/// venued's state has one owner, the loop: what used to break where its threads met.
/// Each of these failed on the daemon with a refresh thread, a watchdog thread and a
/// thread per favorites read.
@Suite struct OneOwner {
    let home = DaemonProcess.Home()

    /// The threads venued runs, by name: the loop and the lanes' threads, no other.
    static func threadNames(_ pid: Int32) -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.compactMap { try? String(contentsOfFile: "/proc/\(pid)/task/\($0)/comm", encoding: .utf8) }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// Upstream said 429 with Retry-After: 3600. A thousand `refresh` requests, and a
    /// shell loop of `venuectl refresh`, reach it no more: each gets the last report at
    /// once, with the instant venued will ask again.
    @Test func refreshesAskedAfterARetryAfterSendNothingUpstream() throws {
        let server = try ScriptedHTTPServer()
        defer { server.stop() }
        let busy = ScriptedHTTPServer.Response(status: 429, body: Array("slow down".utf8), headers: ["Retry-After: 3600"])
        server.set("/primary", busy)
        server.set("/backup", busy)
        let daemon = try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/backup"), "--timeout", "2",
        ])
        defer { daemon.stop() }
        let info = try daemon.waitForInfo { ($0["failures"] as? Int ?? 0) > 0 }
        #expect((info["next_refresh_reason"] as? String)?.hasPrefix("Retry-After 3600 s") == true, "\(info)")
        let fetched = server.requests.count
        #expect(fetched == 2, "one chain: primary and backup")
        for round in 0..<10 {
            let client = try UnixClient(path: home.socketPath, timeout: 10)
            defer { client.close() }
            try client.send(String(repeating: #"{"v":1,"cmd":"refresh"}"# + "\n", count: 100))
            for _ in 0..<100 {
                let answer = try client.readObject()
                #expect(answer["ok"] as? Bool == false && answer["not_before"] is String, "round \(round): \(answer)")
            }
        }
        for _ in 0..<20 {
            let run = try VenuectlRunner.run(["refresh"], home: home)
            #expect(run.code != 0 && run.stderr.contains("not asking the servers again before"), "\(run.stderr)")
        }
        #expect(server.requests.count == fetched, "\(server.requests.count - fetched) extra fetches")
    }

    /// A chain hung on a silent upstream, and refresh requests that hang up at once:
    /// each leaves the waiters as its connection closes, so none is kept.
    @Test func abandonedRefreshesDuringAHungChainKeepNothing() throws {
        let server = try ScriptedHTTPServer()
        defer { server.stop() }
        server.set("/primary", .init(body: Feeds.current(), delay: 120))
        server.set("/backup", .init(body: Feeds.current(), delay: 120))
        let daemon = try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/backup"), "--timeout", "100",
        ])
        defer { daemon.stop() }
        try waitUntil("the chain reached the upstream") { server.requests.count > 0 }
        let pid = daemon.process.processIdentifier
        // Warm: the loop's buffers at their working size.
        for _ in 0..<2000 { try abandonRefresh() }
        let rest = try #require(ProcStatus(pid: pid)).rss
        for _ in 0..<500_000 { try abandonRefresh() }
        #expect(try daemon.request(#"{"v":1,"cmd":"info"}"#)["refreshing"] as? Bool == true, "the chain is still under way")
        let after = try #require(ProcStatus(pid: pid)).rss
        print("RSS at rest \(rest >> 10) KB, after 500,000 abandoned refreshes \(after >> 10) KB")
        #expect(after - rest < 5 << 20, "RSS grew from \(rest >> 10) KB to \(after >> 10) KB")
        #expect(Set(Self.threadNames(pid)).isSubset(of: ["venued", "compute", "own"]), "\(Self.threadNames(pid))")
    }

    private func abandonRefresh() throws {
        let client = try UnixClient(path: home.socketPath, timeout: 5)
        try client.send(#"{"v":1,"cmd":"refresh"}"# + "\n")
        client.close()
    }

    /// At rest and after every kind of work, /proc/PID/task holds the loop and the
    /// lanes' threads: no refresh thread, no watchdog thread, no thread per read.
    @Test func venuedRunsTheLoopAndTheLanesThreadsOnly() throws {
        try home.writeConfig("prompt.dining = --favorites --format prompt\n")
        let daemon = try DaemonProcess(home: home, arguments: ["--primary-url", "http://127.0.0.1:9/none", "--backup-url", "http://127.0.0.1:9/none",
                                                               "--timeout", "1"], environment: ["WATCHDOG_USEC": "1000000"])
        defer { daemon.stop() }
        let pid = daemon.process.processIdentifier
        _ = try daemon.waitForInfo { ($0["failures"] as? Int ?? 0) > 0 }
        let subscriber = try UnixClient(path: home.socketPath, timeout: 5)
        defer { subscriber.close() }
        try subscriber.send(#"{"v":1,"cmd":"subscribe","favorites":true,"favorite_ids":[593]}"# + "\n")
        _ = try subscriber.readObject()
        for request in [#"{"v":1,"cmd":"hours","venue":"593"}"#, #"{"v":1,"cmd":"next"}"#, #"{"v":1,"cmd":"feed"}"#,
                        #"{"v":1,"cmd":"status","tz":"Asia/Tokyo","render":"template","template":"{name}"}"#, #"{"v":1,"cmd":"refresh"}"#] {
            _ = try daemon.request(request, timeout: 10)
        }
        daemon.signal(SIGHUP)
        _ = try daemon.waitForInfo { _ in true }
        let names = Self.threadNames(pid)
        #expect(names.first == "venued" && Set(names).isSubset(of: ["venued", "compute", "own"]), "\(names)")
        #expect(names.count <= 4, "the loop, two compute threads and one of its own: \(names)")
    }

    /// New venues are rendered once for each follower: one round, not a round for the
    /// data and another for the refresh's end. Counted by the reads of venued's own
    /// favorites file, which a prompt file with --favorites reads at each rendering.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"), "needs strace (CI installs it)"))
    func newDataIsRenderedOnceForEachFollower() throws {
        let server = try ScriptedHTTPServer()
        defer { server.stop() }
        server.set("/primary", .init(body: Feeds.current(name: "Test Commons")))
        try home.writeConfig("prompt.dining = --favorites --format prompt\n")
        mkdirs(home.root + "/config/venued")
        try "593\n".write(toFile: home.root + "/config/venued/favorites", atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/backup"), "--timeout", "2",
        ])
        defer { daemon.stop() }
        _ = try daemon.waitForInfo { $0["source"] as? String == "primary" }
        let trace = home.root + "/trace"
        let strace = Process()
        strace.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
        strace.arguments = ["-f", "-e", "trace=openat", "-o", trace, "-p", "\(daemon.process.processIdentifier)"]
        strace.standardError = FileHandle.nullDevice
        try strace.run()
        try waitUntil("strace attached") { FileManager.default.fileExists(atPath: trace) }
        usleep(300_000)
        server.set("/primary", .init(body: Feeds.current(name: "Renamed Commons")))
        #expect(try daemon.request(#"{"v":1,"cmd":"refresh"}"#, timeout: 10)["ok"] as? Bool == true)
        try waitUntil("the prompt file shows the new data") {
            (try? String(contentsOfFile: home.root + "/run/venued/prompt/dining", encoding: .utf8))?.hasPrefix("Renamed") == true
        }
        usleep(500_000)
        kill(strace.processIdentifier, SIGKILL)    // its lines are written as they come
        strace.waitUntilExit()
        let text = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
        let reads = text.split(separator: "\n").filter { $0.contains("venued/favorites\"") }
        #expect(reads.count == 1, "the favorites file was read \(reads.count) times for one new feed:\n\(reads.joined(separator: "\n"))")
    }
}
