import Foundation
import Glibc
import Testing
import VenuedSystem

/// A file system that stops answering (a real FUSE mount whose reads of a file never
/// return: a hung NFS or sshfs server) costs only the processes that read it. venued
/// reads no file a client names: a request that names one is refused at once, and
/// `venuectl status --favorites` reads its own favorites file, so a stalled one holds up
/// that venuectl alone. Meanwhile venued's own work — a push to a subscriber, a prompt
/// file rewritten — comes at its instant as usual. Needs root (/dev/fuse and mount(2),
/// which the test's FUSE server, Support/stallfs.py, calls itself).
@Suite(.enabled(if: StallFS.available, "needs root, /dev/fuse and python3 to mount a FUSE file system"))
struct StalledFileSystem {
    let home = DaemonProcess.Home()

    @Test func aStalledFileHoldsUpOnlyItsReadersNeverVenuedsPushesOrPromptFiles() throws {
        let stall = try StallFS(at: home.root + "/stall", files: ["favorites": "593\n"], stalled: ["favorites"])
        defer { stall.unmount() }
        let stalledFile = stall.mountpoint + "/favorites"
        // venuectl's own favorites file is a link into the stalled mount.
        symlink(stalledFile, home.root + "/config/venued/favorites")
        let server = try ScriptedHTTPServer()
        defer { server.stop() }
        server.set("/primary", .init(body: Feeds.current(name: "Test Commons")))
        try home.writeConfig("prompt.dining = 593 --format prompt\n")
        let daemon = try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/backup"), "--timeout", "2",
        ])
        defer { stall.unmount(); daemon.stop() }
        _ = try daemon.waitForInfo { $0["source"] as? String == "primary" }
        let prompt = home.root + "/run/venued/prompt/dining"
        try waitForFile(prompt) { $0?.hasPrefix("Test Commons") == true }

        // 24 requests that name the stalled file: each refused at once, none read.
        for _ in 0..<24 {
            let answer = try daemon.request(#"{"v":1,"cmd":"status","favorites":true,"favorites_file":"\#(stalledFile)","render":"prompt"}"#, timeout: 5)
            #expect(answer["ok"] as? Bool == false && (answer["error"] as? String)?.contains("unknown field") == true, "\(answer)")
        }
        // Eight `venuectl status --favorites` wait on the file themselves, as any reader would.
        var readers: [Process] = []
        for _ in 0..<8 {
            let venuectl = Process()
            venuectl.executableURL = URL(fileURLWithPath: VenuectlRunner.binary)
            venuectl.arguments = ["status", "--favorites", "--format", "prompt"]
            venuectl.environment = home.environment
            venuectl.standardOutput = FileHandle.nullDevice
            venuectl.standardError = FileHandle.nullDevice
            try venuectl.run()
            readers.append(venuectl)
        }
        // A process reading the stalled page cannot even be killed until the read fails:
        // the file system goes first.
        defer { stall.unmount(); for reader in readers { kill(reader.processIdentifier, SIGKILL); reader.waitUntilExit() } }

        let subscriber = try UnixClient(path: home.socketPath, timeout: 5)
        defer { subscriber.close() }
        try subscriber.send(#"{"v":1,"cmd":"subscribe","venues":["593"],"render":"prompt"}"# + "\n")
        #expect(try subscriber.readObject()["event"] as? String == "snapshot")
        // New data: the push and the prompt file follow at once.
        server.set("/primary", .init(body: Feeds.current(name: "Renamed Commons")))
        #expect(try daemon.request(#"{"v":1,"cmd":"refresh"}"#, timeout: 10)["ok"] as? Bool == true)
        let pushed = try #require(try subscriber.readLineWithin(5))
        #expect(pushed.contains(#""event":"data""#) && pushed.contains("Renamed Commons"), "\(pushed)")
        try waitForFile(prompt, seconds: 5) { $0?.hasPrefix("Renamed Commons") == true }
        #expect(try daemon.request(#"{"v":1,"cmd":"status","render":"prompt"}"#)["ok"] as? Bool == true)
        #expect(readers.allSatisfy { $0.isRunning }, "each venuectl waits on the stalled file, as it would without venued")
    }

    /// Polls (every 10 ms, at most `seconds`) until `condition` holds of the file's text.
    private func waitForFile(_ path: String, seconds: Double = 8, _ condition: (String?) -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition(try? String(contentsOfFile: path, encoding: .utf8)) {
            guard Date() < deadline else { throw TestFailure("\(path) did not change within \(seconds) s") }
            usleep(10_000)
        }
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

