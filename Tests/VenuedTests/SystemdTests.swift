import Foundation
import Glibc
import Testing
import VenuedSystem

/// systemd without libsystemd: sd_notify datagrams, SIGHUP reload, socket activation.
@Suite struct SystemdIntegration {
    let home = DaemonProcess.Home()
    let arguments = ["--primary-url", "http://127.0.0.1:9/none", "--backup-url", "http://127.0.0.1:9/none", "--timeout", "1"]

    /// A datagram socket standing in for systemd's notify socket.
    final class NotifyListener {
        let path: String
        let fd: Int32

        init(path: String) throws {
            self.path = path
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
            var address = UnixAddress(path)!
            let bound = address.withSockaddr { bind(fd, $0, $1) }
            guard bound == 0 else { throw TestFailure("cannot bind \(path): errno \(errno)") }
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }

        /// The next datagram that contains `field`, reading at most 50 (5 s each).
        func waitFor(_ field: String) throws -> String {
            var buffer = [UInt8](repeating: 0, count: 4096)
            for _ in 0..<50 {
                let count = recv(fd, &buffer, buffer.count, 0)
                guard count > 0 else { throw TestFailure("no '\(field)' from venued") }
                let message = String(decoding: buffer[..<count], as: UTF8.self)
                if message.split(separator: "\n").contains(where: { $0.hasPrefix(field) }) { return message }
            }
            throw TestFailure("no '\(field)' in 50 messages")
        }

        deinit { close(fd) }
    }

    @Test func notifiesReadyWatchdogReloadingAndStopping() throws {
        let notify = try NotifyListener(path: home.root + "/notify")
        let daemon = try DaemonProcess(home: home, arguments: arguments,
                                       environment: ["NOTIFY_SOCKET": notify.path, "WATCHDOG_USEC": "400000"])
        let ready = try notify.waitFor("READY=1")
        #expect(ready.contains("STATUS=serving bundled data, dates 2023-09-16 to 2023-09-22"))
        _ = try notify.waitFor("WATCHDOG=1")
        daemon.signal(SIGHUP)
        let reloading = try notify.waitFor("RELOADING=1")
        #expect(reloading.contains("MONOTONIC_USEC="))
        _ = try notify.waitFor("READY=1")
        daemon.signal(SIGTERM)
        _ = try notify.waitFor("STOPPING=1")
        #expect(daemon.waitForExit() == 0)
    }

    @Test func sighupReloadsAndABadFileKeepsTheRunningConfig() throws {
        try home.writeConfig("# refresh every 15 minutes\nrefresh = 900\n")
        let daemon = try DaemonProcess(home: home, arguments: arguments)
        defer { daemon.stop() }
        #expect(try daemon.request(#"{"v":1,"cmd":"info"}"#)["refresh_seconds"] as? Int == 900)
        try home.writeConfig("refresh = 600\nlog_level = debug\n")
        daemon.signal(SIGHUP)
        _ = try daemon.waitForInfo { $0["refresh_seconds"] as? Int == 600 }
        try home.writeConfig("refresh = 300\nbogus = 1\n")
        daemon.signal(SIGHUP)
        let deadline = Date().addingTimeInterval(5)
        while !daemon.stderr.contains("reload failed"), Date() < deadline { usleep(50_000) }
        #expect(daemon.stderr.contains("reload failed, keeping the running config"))
        #expect(daemon.stderr.contains("unknown key 'bogus'"))
        #expect(try daemon.request(#"{"v":1,"cmd":"info"}"#)["refresh_seconds"] as? Int == 600)
    }

    @Test func logLinesCarrySyslogPrioritiesForTheJournal() throws {
        let daemon = try DaemonProcess(home: home, arguments: arguments, environment: ["JOURNAL_STREAM": "8:12345"])
        _ = try daemon.request(#"{"v":1,"cmd":"refresh"}"#, timeout: 10)
        #expect(daemon.stop() == 0)
        let lines = daemon.stderr.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("<6>venued 0.1.0 listening on") })
        #expect(lines.contains { $0.hasPrefix("<4>primary fetch of") })
        #expect(lines.allSatisfy { $0.hasPrefix("<") })
    }

    static let activator = "/usr/bin/systemd-socket-activate"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: activator),
                   "needs systemd-socket-activate from the Debian package systemd"))
    func socketActivationUsesTheInheritedSocketAndLeavesIt() throws {
        mkdirs(home.root + "/run/venued")
        let passed = home.environment.flatMap { ["-E", "\($0.key)=\($0.value)"] }
        let daemon = try DaemonProcess(home: home, arguments: ["-l", home.socketPath] + passed + [DaemonProcess.binary] + arguments,
                                       executable: Self.activator)
        let info = try daemon.request(#"{"v":1,"cmd":"info"}"#)
        #expect(info["socket_activated"] as? Bool == true)
        // Where systemd bound it, read back from the socket itself (getsockname).
        #expect(info["socket"] as? String == home.socketPath)
        #expect(info["pid"] as? Int == Int(daemon.process.processIdentifier))
        #expect(daemon.stop() == 0)
        // The socket belongs to systemd: venued must not unlink it.
        #expect(access(home.socketPath, F_OK) == 0)
    }
}
