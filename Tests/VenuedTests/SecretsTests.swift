import Foundation
import Glibc
import Testing

/// Credentials in a feed URL (`user:password@`, `?token=`) stay with the user: not in
/// any venued process's command line, which every local user can read, and never in
/// the log, `info` or `venuectl info`, which show the URL redacted.
@Suite struct FeedURLSecrets {
    let home = DaemonProcess.Home()
    static let secret = "S3cretPassw0rd"
    static let token = "T0kenValue"

    @Test func aURLsCredentialsReachNoCommandLineLogOrAnswer() throws {
        let server = try ScriptedHTTPServer()
        defer { server.stop() }
        // The server's routes are keyed by the request's whole target, query included.
        let route = "/feed?token=\(Self.token)"
        server.set(route, .init(body: Feeds.current(), delay: 3))
        // In the config file, where a user keeps such a URL (a flag would put it in venued's own argv).
        try home.writeConfig("""
            primary_url = http://feeduser:\(Self.secret)@127.0.0.1:\(server.port)\(route)
            backup_url = http://127.0.0.1:9/none?key=\(Self.token)
            timeout = 8
            """)
        let daemon = try DaemonProcess(home: home, arguments: [])
        defer { daemon.stop() }
        // A slow fetch: the child is running while its command line is read.
        try waitUntil("the fetch reached the upstream") { server.requests.count > 0 }
        let children = try processTree(daemon.process.processIdentifier)
        #expect(children.count >= 2, "venued and its fetch child: \(children)")
        for pid in children {
            let cmdline = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
            #expect(!cmdline.contains(Self.secret) && !cmdline.contains(Self.token) && !cmdline.contains("feeduser"), "\(pid): \(cmdline)")
            if getuid() == 0 {
                let uid = try OtherUser.ensureUser()
                let seen = OtherUser.shell("setpriv --reuid=\(uid) --regid=\(uid) --clear-groups -- cat /proc/\(pid)/cmdline")
                #expect(!seen.output.contains(Self.secret) && !seen.output.contains(Self.token), "uid \(uid) read: \(seen.output)")
            }
        }
        _ = try daemon.waitForInfo(seconds: 15) { $0["source"] as? String == "primary" }
        let info = try daemon.request(#"{"v":1,"cmd":"info"}"#)
        #expect(info["primary_url"] as? String == "http://***@127.0.0.1:\(server.port)/feed?***", "\(info)")
        #expect(info["backup_url"] as? String == "http://127.0.0.1:9/none?***", "\(info)")
        let summary = try VenuectlRunner.run(["info"], home: home)
        #expect(!summary.stdout.contains(Self.secret) && !summary.stdout.contains(Self.token), "\(summary.stdout)")
        // A failing fetch's log line names the URL, redacted.
        server.set(route, .init(status: 500, body: Array("down".utf8)))
        _ = try daemon.refreshThroughTheGate()
        try waitUntil("the failure is logged") { daemon.stderr.contains("primary fetch of http://***@127.0.0.1:\(server.port)/feed?*** failed") }
        #expect(!daemon.stderr.contains(Self.secret) && !daemon.stderr.contains(Self.token), "\(daemon.stderr)")
    }

    /// `pid` and its children (from /proc/PID/task/*/children).
    private func processTree(_ pid: Int32) throws -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        let children = tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "").split(separator: " ").compactMap { Int32($0) }
        }
        return [pid] + children
    }
}
