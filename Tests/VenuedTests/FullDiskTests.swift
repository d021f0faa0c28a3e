import Foundation
import Glibc
import Testing

/// A cache directory on a real file system that fills up (a 64 KB tmpfs): venued goes on
/// serving what it adopted, and says everywhere that its cache file is older than that
/// (`refresh`, `info`, the log), and venuectl's commands that read the file say so too,
/// until a write succeeds again. Needs root to mount; CI runs as root.
@Suite(.enabled(if: Tmpfs.canMount, "needs root and a kernel that mounts tmpfs here"))
struct FullDisk {
    let home = DaemonProcess.Home()
    let server: ScriptedHTTPServer

    init() throws { server = try ScriptedHTTPServer() }

    func venuectl(_ arguments: [String]) throws -> VenuectlRunner.Run {
        try VenuectlRunner.run(arguments, home: home)
    }

    func refresh(_ daemon: DaemonProcess) throws -> [String: Any] {
        try daemon.request(#"{"v":1,"cmd":"refresh"}"#, timeout: 10)
    }

    @Test func aCacheThatCannotBeWrittenIsReportedAndVenuectlSaysItsCopyIsOlder() throws {
        let cache = home.cacheDirectory
        mkdirs(cache)
        let mounted = OtherUser.shell("mount -t tmpfs -o size=64k,mode=0700 tmpfs \(cache) 2>&1")
        try #require(mounted.code == 0, "mount failed: \(mounted.output)")
        defer { _ = OtherUser.shell("umount -l \(cache)") }

        server.set("/primary", .init(body: Feeds.current(name: "Old Commons")))
        let daemon = try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/backup"), "--timeout", "2",
        ])
        defer { daemon.stop(); server.stop() }
        _ = try daemon.waitForInfo { $0["source"] as? String == "primary" }
        #expect(try daemon.request(#"{"v":1,"cmd":"info"}"#)["cache_error"] is NSNull)

        // Fill the file system to the last block.
        let filler = OtherUser.shell("dd if=/dev/zero of=\(cache)/filler bs=4k 2>&1")
        #expect(filler.output.contains("No space left on device"), "\(filler.output)")
        server.set("/primary", .init(body: Feeds.current(name: "New Commons")))
        let refreshed = try refresh(daemon)
        let attempt = try #require((refreshed["attempts"] as? [[String: Any]])?.first)
        let detail = attempt["detail"] as? String ?? ""
        #expect(refreshed["ok"] as? Bool == true && attempt["ok"] as? Bool == true)
        #expect(detail.hasPrefix("adopted (") && detail.contains("), but the cache could not be written: cannot write \(cache)/venues.json")
            && detail.hasSuffix("No space left on device"), "\(detail)")

        let info = try daemon.request(#"{"v":1,"cmd":"info"}"#)
        #expect((info["cache_error"] as? String)?.hasSuffix("No space left on device") == true, "\(info)")
        #expect(info["cache_error_at"] is String)
        #expect((info["last_error"] as? String)?.hasPrefix("cache: cannot write ") == true)
        #expect(daemon.stderr.contains("primary data adopted, but the cache could not be written: cannot write \(cache)/venues.json"))
        let summary = try venuectl(["info"])
        #expect(summary.stdout.contains("\ncache:       not written since "), "\(summary.stdout)")

        // venued serves the new copy, and every command shows it: they ask venued, never
        // its cache file, which still holds the old one.
        let status = try venuectl(["status", "--format", "prompt"])
        #expect(status.stdout.contains("New Commons"), "\(status.stdout) \(status.stderr)")
        for arguments in [["hours", "593"], ["next", "--within", "2d"], ["search", "commons"]] {
            let run = try venuectl(arguments)
            #expect(run.code == 0 && run.stdout.contains("New Commons") && !run.stdout.contains("Old Commons"), "\(arguments): \(run.stdout)")
            #expect(run.stderr.isEmpty, "\(arguments): \(run.stderr)")
        }

        // Room again: the next refresh writes the file, and every report clears.
        #expect(unlink(cache + "/filler") == 0)
        let again = try refresh(daemon)
        #expect(((again["attempts"] as? [[String: Any]])?.first?["detail"] as? String)?.contains("cache could not be written") == false)
        #expect(try daemon.request(#"{"v":1,"cmd":"info"}"#)["cache_error"] is NSNull)
        let hours = try venuectl(["hours", "593"])
        #expect(hours.stdout.contains("New Commons") && hours.stderr.isEmpty, "\(hours.stderr)")
    }
}

/// Tiny file systems that fill up, for tests.
enum Tmpfs {
    /// Whether a tmpfs can be mounted here, tried once on a scratch directory.
    static let canMount: Bool = {
        guard getuid() == 0 else { return false }
        let probe = "/tmp/venued-tmpfs-probe-\(getpid())"
        mkdirs(probe)
        defer { rmdir(probe) }
        guard OtherUser.shell("mount -t tmpfs -o size=64k,mode=0700 tmpfs \(probe)").code == 0 else { return false }
        return OtherUser.shell("umount \(probe)").code == 0
    }()
}
