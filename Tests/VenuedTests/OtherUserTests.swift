import Foundation
import Glibc
import Testing

/// venued serves its own user only. The socket's directory is private, but the check
/// that really decides is SO_PEERCRED on each connection: here the socket is left
/// open to everyone on purpose, and a second user, made for the test, still gets a
/// `forbidden` line while the owner goes on being served. Needs root (to create the
/// user and run a process as it with setpriv); CI runs as root.
@Suite(.enabled(if: getuid() == 0, "needs root: it creates a second user (useradd) and runs venuectl as it (setpriv)"))
struct OtherUser {
    static let name = "venued-other"

    @Test func aClientOfAnotherUidIsRefusedWhateverTheSocketModeSays() throws {
        let uid = try Self.ensureUser()
        let home = DaemonProcess.Home()
        // A world-reachable directory and socket: only SO_PEERCRED stands in the way.
        let open = home.root + "/open"
        mkdirs(open)
        chmod(home.root, 0o755)
        chmod(open, 0o755)
        let socket = open + "/venued.sock"
        let client = open + "/venuectl"
        #expect(Self.shell("cp \(VenuectlRunner.binary) \(client) && chmod 0755 \(client)").code == 0)
        let daemon = try DaemonProcess(home: home, arguments: [
            "--socket", socket, "--primary-url", "http://127.0.0.1:9/none", "--backup-url", "http://127.0.0.1:9/none",
        ], waitForSocket: false)
        defer { daemon.stop() }
        for _ in 0..<100 where access(socket, F_OK) != 0 { usleep(50_000) }
        #expect(chmod(socket, 0o666) == 0)

        // A client that does not check whom it talks to (venuectl does: see below) gets
        // venued's refusal.
        let raw = open + "/client.py"
        try #"""
        import socket, sys
        s = socket.socket(socket.AF_UNIX)
        s.connect(sys.argv[1])
        try:
            s.sendall(b'{"v":1,"cmd":"info"}\n')
        except OSError:
            pass  # venued refuses at once and may have closed before the request is out
        print(s.makefile().readline())
        """#.write(toFile: raw, atomically: true, encoding: .utf8)
        chmod(raw, 0o644)
        let stranger = Self.shell("setpriv --reuid=\(uid) --regid=\(uid) --clear-groups -- /usr/bin/python3 \(raw) \(socket) 2>&1")
        #expect(stranger.output.contains("serves uid \(getuid()) only") && stranger.output.contains("forbidden"), "uid \(uid) was told: \(stranger.output)")
        // venuectl as the stranger sends nothing: the listener is not its uid.
        let venuectl = Self.shell("setpriv --reuid=\(uid) --regid=\(uid) --clear-groups -- \(client) info --socket \(socket) 2>&1")
        #expect(venuectl.code == 6 && venuectl.output.contains("not asking venued: the process listening on \(socket) runs as uid \(getuid())"),
                "venuectl as uid \(uid) said: \(venuectl.output)")
        #expect(daemon.stderr.contains("of another user since the last such line (the last: uid \(uid))"), "\(daemon.stderr)")
        let owner = try UnixClient(path: socket, timeout: 3)
        defer { owner.close() }
        try owner.send(#"{"v":1,"cmd":"info"}"# + "\n")
        #expect(try owner.readObject()["ok"] as? Bool == true)
    }

    /// The test user's uid, creating the user (no home, no login shell) when missing.
    static func ensureUser() throws -> Int {
        var found = shell("id -u \(name)")
        if found.code != 0 {
            let made = shell("useradd --system --no-create-home --shell /usr/sbin/nologin \(name) 2>&1")
            guard made.code == 0 else { throw TestFailure("useradd \(name) failed: \(made.output)") }
            found = shell("id -u \(name)")
        }
        guard let uid = Int(found.output.trimmingCharacters(in: .whitespacesAndNewlines)) else { throw TestFailure("no uid for \(name)") }
        return uid
    }

    static func shell(_ command: String) -> (code: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return (127, "") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
