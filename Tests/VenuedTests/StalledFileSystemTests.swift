import Foundation
import Glibc
import Synchronization
import Testing
import VenuedSystem

/// A favorites file on a file system that stops answering (a real FUSE mount whose reads
/// of that file never return: a hung NFS or sshfs server) costs the clients that named
/// it, not the others: they wait, while plain `status` clients, `info`, `hours`,
/// a favorites file elsewhere and a new subscriber are answered as usual. Needs root
/// (/dev/fuse and mount(2), which the test's FUSE server, Support/stallfs.py, calls itself).
@Suite(.enabled(if: StallFS.available, "needs root, /dev/fuse and python3 to mount a FUSE file system"))
struct StalledFileSystem {
    let home = DaemonProcess.Home()

    @Test func aStalledFavoritesFileCostsOnlyTheClientsThatNameIt() throws {
        let stall = try StallFS(at: home.root + "/stall", files: ["favorites": "593\n"], stalled: ["favorites"])
        defer { stall.unmount() }
        let stalledFile = stall.mountpoint + "/favorites"
        // venuectl's own favorites file is a link into the stalled mount.
        symlink(stalledFile, home.root + "/config/venued/favorites")
        let healthy = home.root + "/healthy-favorites"
        try "593\n".write(toFile: healthy, atomically: true, encoding: .utf8)

        let daemon = try home.bundledDaemon()
        defer { daemon.stop() }
        // Three clients name the stalled file, and a real `venuectl status --favorites`,
        // which then waits on the same file itself: each waits, as it would for any read.
        let request = #"{"v":1,"cmd":"status","favorites":true,"favorites_file":"\#(stalledFile)","render":"prompt"}"#
        var stuck: [UnixClient] = []
        for _ in 0..<3 {
            let client = try UnixClient(path: home.socketPath, timeout: 0.3)
            try client.send(request + "\n")
            stuck.append(client)
        }
        defer { for client in stuck { client.close() } }
        let venuectl = Process()
        venuectl.executableURL = URL(fileURLWithPath: VenuectlRunner.binary)
        venuectl.arguments = ["status", "--favorites", "--format", "prompt"]
        venuectl.environment = home.environment
        venuectl.standardOutput = FileHandle.nullDevice
        venuectl.standardError = FileHandle.nullDevice
        try venuectl.run()
        // A process reading the stalled page cannot even be killed until the read fails:
        // the file system goes first.
        defer { stall.unmount(); kill(venuectl.processIdentifier, SIGKILL); venuectl.waitUntilExit() }
        usleep(300_000)
        for client in stuck { #expect(throws: (any Error).self) { try client.readLine() } }
        #expect(venuectl.isRunning)

        // Everyone else: 4 clients × 500 plain `status` requests, a connection each.
        let latencies = Mutex<[Double]>([])
        let failures = Mutex<[String]>([])
        let done = Atomic<Int>(0)
        let clients = 4
        let socketPath = home.socketPath
        for _ in 0..<clients {
            Thread {
                for _ in 0..<500 {
                    let started = Monotonic.seconds()
                    do {
                        let client = try UnixClient(path: socketPath, timeout: 5)
                        defer { client.close() }
                        try client.send(#"{"v":1,"cmd":"status","render":"prompt"}"# + "\n")
                        let line = try client.readLine() ?? ""
                        let elapsed = Monotonic.seconds() - started
                        if line.hasPrefix(#"{"ok":true"#) { latencies.withLock { $0.append(elapsed) } } else { failures.withLock { $0.append(line) } }
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                }
                done.add(1, ordering: .relaxed)
            }.start()
        }
        for _ in 0..<6000 where done.load(ordering: .relaxed) < clients { usleep(10_000) }
        let sorted = latencies.withLock { $0 }.sorted()
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0.prefix(3) })")
        #expect(sorted.count == 2000)
        if !sorted.isEmpty {
            let percentile = { (p: Double) in sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] * 1000 }
            print(String(format: "plain status beside a stalled favorites file: %d answered, p50 %.2f ms, p99 %.2f ms, worst %.2f ms",
                         sorted.count, percentile(0.5), percentile(0.99), sorted.last! * 1000))
        }

        // The other lanes and a favorites file elsewhere are served too.
        #expect(try daemon.request(#"{"v":1,"cmd":"info"}"#)["ok"] as? Bool == true)
        #expect(try daemon.request(#"{"v":1,"cmd":"hours","venue":"593"}"#)["ok"] as? Bool == true)
        let elsewhere = try daemon.request(#"{"v":1,"cmd":"status","favorites":true,"favorites_file":"\#(healthy)","render":"prompt"}"#)
        #expect((elsewhere["text"] as? String)?.hasPrefix("1920 Commons") == true, "\(elsewhere)")
        let subscriber = try UnixClient(path: home.socketPath, timeout: 5)
        defer { subscriber.close() }
        try subscriber.send(#"{"v":1,"cmd":"subscribe","venues":["593"],"render":"prompt"}"# + "\n")
        #expect(try subscriber.readObject()["event"] as? String == "snapshot")
        #expect(venuectl.isRunning, "venuectl waits on the stalled file, as it would without venued")
    }
    /// A round of pushes is one job for every subscriber: one whose favorites file stops
    /// answering after it subscribed keeps its last line, and the others get theirs.
    @Test func aSubscriberWhoseFavoritesFileStallsDoesNotHoldUpTheOthers() throws {
        let stall = try StallFS(at: home.root + "/stall", files: ["favorites": "593\n"], stalled: ["favorites"])
        defer { stall.unmount() }
        let healthy = home.root + "/healthy-favorites", link = home.root + "/favorites-link"
        try "593\n".write(toFile: healthy, atomically: true, encoding: .utf8)
        symlink(healthy, link)
        let server = try ScriptedHTTPServer()
        defer { server.stop() }
        server.set("/primary", .init(body: Feeds.current(name: "Test Commons")))
        let daemon = try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/backup"), "--timeout", "2",
        ])
        // venued cannot exit while a thread of it waits in a read FUSE has taken: the file system goes first.
        defer { stall.unmount(); daemon.stop() }
        _ = try daemon.waitForInfo { $0["source"] as? String == "primary" }

        let named = try UnixClient(path: home.socketPath, timeout: 5)
        defer { named.close() }
        try named.send(#"{"v":1,"cmd":"subscribe","favorites":true,"favorites_file":"\#(link)","render":"prompt"}"# + "\n")
        #expect((try named.readObject()["text"] as? String)?.hasPrefix("Test Commons") == true)
        let other = try UnixClient(path: home.socketPath, timeout: 5)
        defer { other.close() }
        try other.send(#"{"v":1,"cmd":"subscribe","venues":["593"],"render":"prompt"}"# + "\n")
        #expect(try other.readObject()["event"] as? String == "snapshot")

        // The first subscriber's file now sits on the stalled mount; new data comes in.
        unlink(link)
        symlink(stall.mountpoint + "/favorites", link)
        server.set("/primary", .init(body: Feeds.current(name: "Renamed Commons")))
        #expect(try daemon.request(#"{"v":1,"cmd":"refresh"}"#, timeout: 10)["ok"] as? Bool == true)
        let pushed = try #require(try other.readLineWithin(5))
        #expect(pushed.contains(#""event":"data""#) && pushed.contains("Renamed Commons"), "\(pushed)")
        #expect(throws: (any Error).self) { try named.readLineWithin(0.5) }
        #expect(try daemon.request(#"{"v":1,"cmd":"info"}"#)["subscribers"] as? Int == 2)
    }
}

/// Tests/VenuedTests/Support/stallfs.py mounted for a test: files whose reads never return.
final class StallFS {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Support/stallfs.py").path

    static var available: Bool {
        getuid() == 0 && access("/dev/fuse", R_OK | W_OK) == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
    }

    let mountpoint: String
    private let server = Process()

    init(at mountpoint: String, files: [String: String], stalled: [String]) throws {
        self.mountpoint = mountpoint
        mkdirs(mountpoint)
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = [Self.script, mountpoint] + files.map { "\($0.key)=\($0.value)" } + stalled.flatMap { ["--stall", $0] }
        let output = Pipe()
        server.standardOutput = output
        server.standardError = output
        try server.run()
        let first = output.fileHandleForReading.availableData
        guard String(decoding: first, as: UTF8.self).hasPrefix("mounted") else {
            server.waitUntilExit()
            throw TestFailure("stallfs did not mount: \(String(decoding: first, as: UTF8.self))")
        }
    }

    /// Ends the server first: when its /dev/fuse descriptor closes, the kernel fails every
    /// read still waiting (a lazy unmount alone would wait for them). SIGKILL, since the
    /// test runner's children inherit its blocked SIGTERM. Safe to call more than once.
    func unmount() {
        if server.isRunning {
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        _ = OtherUser.shell("umount -l \(mountpoint) 2>/dev/null")
    }
}

