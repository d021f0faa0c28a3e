import Foundation
import Glibc
import Testing

/// How the real daemon writes its cache: never through a planted link, only into a
/// directory that is ours, no temporary files left behind, and a meta that describes
/// another copy is not trusted.
@Suite struct CacheWrites {
    let server: ScriptedHTTPServer
    let home = DaemonProcess.Home()

    init() throws { server = try ScriptedHTTPServer() }

    func start() throws -> DaemonProcess {
        try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/backup"), "--timeout", "2",
        ])
    }

    func entries(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    @Test func aPlantedSymlinkIsNeverWrittenThrough() throws {
        let victim = home.root + "/victim"
        try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
        mkdirs(home.cacheDirectory)
        // The names the old writer used (pid-based), for every pid a new process could get soon.
        let base = getpid()
        for pid in base..<(base + 400) {
            symlink(victim, home.cacheDirectory + "/venues.json.tmp-\(pid)")
            symlink(victim, home.cacheDirectory + "/venues.meta.tmp-\(pid)")
        }
        server.set("/primary", .init(body: Feeds.current()))
        let daemon = try start()
        defer { daemon.stop(); server.stop() }
        _ = try daemon.waitForInfo { $0["source"] as? String == "primary" }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        // The stale names were removed at start (the links, not their target), and none are left.
        // (`menus/` is the menus' folder, written by its own round.)
        #expect(entries(home.cacheDirectory).filter { $0 != "menus" } == ["venues.json", "venues.meta"])
        #expect(FileManager.default.fileExists(atPath: victim))
    }

    @Test func aCacheDirectoryThatIsALinkIsNotWrittenTo() throws {
        let elsewhere = home.root + "/elsewhere"
        mkdirs(elsewhere)
        mkdirs(home.root + "/cache")
        symlink(elsewhere, home.cacheDirectory)
        server.set("/primary", .init(body: Feeds.current()))
        let daemon = try start()
        defer { daemon.stop(); server.stop() }
        _ = try daemon.waitForInfo { $0["source"] as? String == "primary" }
        #expect(entries(elsewhere).isEmpty)
        #expect(daemon.stderr.contains("not a directory (a symlink?)"))
    }

    @Test func aMetaOfAnotherCopyIsNotTrusted() throws {
        server.set("/primary", .init(body: Feeds.current(), etag: "\"v1\""))
        let first = try start()
        _ = try first.waitForInfo { $0["source"] as? String == "primary" }
        #expect(first.stop() == 0)
        // As if killed between the two writes: a new feed beside the old meta (same size).
        let feedPath = home.cacheDirectory + "/venues.json"
        let old = try String(contentsOfFile: feedPath, encoding: .utf8)
        try old.replacingOccurrences(of: "Test Commons", with: "Test Commonz").write(toFile: feedPath, atomically: true, encoding: .utf8)

        let second = try start()
        defer { second.stop(); server.stop() }
        _ = try second.request(#"{"v":1,"cmd":"refresh"}"#, timeout: 10)
        _ = try second.request(#"{"v":1,"cmd":"refresh"}"#, timeout: 10)
        let conditional = server.requests.filter { $0.path == "/primary" }.map { $0.headers["if-none-match"] }
        // The first daemon had no cache; the second did not trust the mismatched meta's
        // ETag; once it had written a matching pair, it sent it.
        #expect(conditional.count >= 3)
        #expect(conditional.prefix(2).allSatisfy { $0 == nil })
        #expect(conditional.last == "\"v1\"")
    }

    @Test func killsLeaveNoTemporaryFiles() throws {
        server.set("/primary", .init(body: Feeds.current()))
        for _ in 0..<10 {
            let daemon = try start()
            _ = try daemon.request(#"{"v":1,"cmd":"refresh"}"#, timeout: 10)
            daemon.signal(SIGKILL)
            _ = daemon.waitForExit()
        }
        let last = try start()
        defer { last.stop(); server.stop() }
        _ = try last.waitForInfo { $0["source"] as? String == "primary" }
        #expect(entries(home.cacheDirectory).allSatisfy { !$0.contains(".tmp-") })
    }
}
