import Foundation
import Glibc
import Synchronization
import Testing

/// systemd's watchdog watches the connection loop: venued sends WATCHDOG=1 only while
/// the loop turns. The loop is wedged for real here: its log goes to a pipe the test has
/// filled and does not read (a journal that stopped reading), and a client of another
/// uid makes the loop log its refusal, so the loop blocks in that write. The pings stop;
/// once the pipe is read again, the loop goes on and so do the pings. Needs root (a
/// second user, setpriv); CI runs as root.
@Suite(.enabled(if: getuid() == 0, "needs root: a client of another uid makes the loop log (useradd, setpriv)"))
struct WatchdogWatchesTheLoop {
    let home = DaemonProcess.Home()

    @Test func aWedgedLoopGetsNoWatchdogPingsAndAResumedOneDoes() throws {
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

        // Fill the pipe: twice its size, so the writer stays blocked until the drain.
        let capacity = Int(fcntl(reader, 1032))    // F_GETPIPE_SZ, which Glibc's module lacks
        let filled = Atomic<Bool>(false)
        let filler = Thread {
            let block = [UInt8](repeating: 0, count: 2 * capacity)
            _ = block.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
            filled.store(true, ordering: .relaxed)
        }
        filler.start()
        usleep(300_000)
        let blocked = !filled.load(ordering: .relaxed)
        #expect(blocked, "the pipe took \(2 * capacity) bytes")

        // The stranger's refusal is logged by the loop, which blocks in the write.
        let client = home.root + "/client.py"
        try "import socket, sys\ns = socket.socket(socket.AF_UNIX)\ns.settimeout(1)\ns.connect(sys.argv[1])\n"
            .write(toFile: client, atomically: true, encoding: .utf8)
        chmod(client, 0o644)
        _ = OtherUser.shell("setpriv --reuid=\(uid) --regid=\(uid) --clear-groups -- /usr/bin/python3 \(client) \(socket)")
        let wedged = notify.collect(seconds: 0.6)    // a ping already on its way may still come
        let silent = notify.collect(seconds: 2)
        #expect(silent.filter { $0.contains("WATCHDOG=1") }.isEmpty, "pinged while the loop was wedged: \(wedged + silent)")

        // Read the pipe again: the loop finishes its write, turns, and the pings resume.
        let log = Mutex<[UInt8]>([])
        let drained = Atomic<Bool>(false)
        let drain = Thread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(reader, &buffer, buffer.count)
                if count <= 0 { break }
                log.withLock { $0 += buffer[..<count].filter { $0 != 0 } }
            }
            drained.store(true, ordering: .relaxed)
        }
        drain.start()
        _ = try notify.waitFor("WATCHDOG=1")
        let owner = try UnixClient(path: socket, timeout: 3)
        try owner.send(#"{"v":1,"cmd":"info"}"# + "\n")
        #expect(try owner.readObject()["ok"] as? Bool == true)
        owner.close()
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        for _ in 0..<500 where !filled.load(ordering: .relaxed) { usleep(10_000) }
        close(writer)
        for _ in 0..<500 where !drained.load(ordering: .relaxed) { usleep(10_000) }
        close(reader)
        let text = log.withLock { String(decoding: $0, as: UTF8.self) }
        #expect(text.contains("refused a client of another user (uid \(uid))"))
        #expect(text.contains("the connection loop has not turned for 0.2 s: no WATCHDOG=1 until it does"))
        #expect(text.contains("the connection loop turns again: WATCHDOG=1 resumed"))
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
