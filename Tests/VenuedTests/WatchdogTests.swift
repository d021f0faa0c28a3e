import Foundation
import Glibc
import Testing

/// A log nobody reads stops nothing. venued's stderr is a pipe the test has filled and
/// does not read (a journal that stopped reading); a client of another uid, refused 100
/// times, and 200 `refresh` requests make it log. The loop writes its log only as stderr
/// takes it (`Log`): status is answered, the watchdog's pings go on (they come from the
/// loop's own beat, so they would stop if it were wedged), SIGTERM is obeyed at once, and
/// what the queue could not hold is counted and said. Needs root (a second user,
/// setpriv); CI runs as root.
@Suite(.enabled(if: getuid() == 0, "needs root: a client of another uid makes the loop log (useradd, setpriv)"))
struct AFullLogStopsNothing {
    let home = DaemonProcess.Home()

    @Test func aFullStderrPipeLeavesTheLoopAnsweringPingingAndStopping() throws {
        let uid = try OtherUser.ensureUser()
        let notify = try SystemdIntegration.NotifyListener(path: home.root + "/notify")
        let open = home.root + "/open"
        mkdirs(open)
        chmod(home.root, 0o755)
        chmod(open, 0o755)
        let socket = open + "/venued.sock"

        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let (reader, writer) = (ends[0], ends[1])
        _ = fcntl(writer, 1031, 4096)    // F_SETPIPE_SZ: a 4 KB pipe, as the report had it
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DaemonProcess.binary)
        process.arguments = ["--socket", socket, "--primary-url", "http://127.0.0.1:9/none", "--backup-url", "http://127.0.0.1:9/none"]
        process.environment = home.environment.merging(["NOTIFY_SOCKET": notify.path, "WATCHDOG_USEC": "400000"]) { $1 }
        process.standardError = FileHandle(fileDescriptor: writer, closeOnDealloc: false)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }
        _ = try notify.waitFor("READY=1")
        _ = try notify.waitFor("WATCHDOG=1")
        #expect(chmod(socket, 0o666) == 0)

        // Fill the pipe, as a reader that stopped reading leaves it.
        let capacity = Int(fcntl(reader, 1032))    // F_GETPIPE_SZ, which Glibc's module lacks
        let block = [UInt8](repeating: 0x2E, count: capacity)
        _ = fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) | O_NONBLOCK)
        _ = block.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }

        // A stranger, refused 100 times, and 200 refreshes of our own: each makes venued log.
        let client = home.root + "/client.py"
        try """
            import socket, sys
            for _ in range(100):
                s = socket.socket(socket.AF_UNIX)
                s.settimeout(2)
                s.connect(sys.argv[1])
                s.recv(4096)
                s.close()
            """.write(toFile: client, atomically: true, encoding: .utf8)
        chmod(client, 0o644)
        let stranger = OtherUser.shell("setpriv --reuid=\(uid) --regid=\(uid) --clear-groups -- /usr/bin/python3 \(client) \(socket) 2>&1")
        #expect(stranger.code == 0, "the stranger's connections: \(stranger.output)")
        for _ in 0..<200 {
            let refresher = try UnixClient(path: socket, timeout: 5)
            try refresher.send(#"{"v":1,"cmd":"refresh"}"# + "\n")
            refresher.close()
        }

        let owner = try UnixClient(path: socket, timeout: 3)
        try owner.send(#"{"v":1,"cmd":"status","venues":["commons"]}"# + "\n")
        #expect(try owner.readObject()["ok"] as? Bool == true)
        owner.close()
        let pings = notify.collect(seconds: 1.5).filter { $0.contains("WATCHDOG=1") }
        #expect(pings.count >= 2, "the watchdog's pings stopped while stderr was full: \(pings)")

        kill(process.processIdentifier, SIGTERM)
        let asked = Date()
        while process.isRunning && Date().timeIntervalSince(asked) < 2 { usleep(10_000) }
        #expect(!process.isRunning, "SIGTERM was not obeyed within 2 s while stderr was full")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        close(writer)
        close(reader)
    }
}

extension SystemdIntegration.NotifyListener {
    /// Every datagram that arrives within `seconds`.
    func collect(seconds: Double) -> [String] {
        var messages: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return messages }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left * 1000) + 1) > 0 else { continue }
            let count = recv(fd, &buffer, buffer.count, 0)
            if count > 0 { messages.append(String(decoding: buffer[..<count], as: UTF8.self)) }
        }
    }
}
