import Foundation
import Glibc
import Testing
import VenuedSystem
@testable import DBus

/// A private `dbus-daemon --session` in a temporary directory, ended by its pid.
final class PrivateBus {
    static let daemon = "/usr/bin/dbus-daemon"
    static var unavailable: String? {
        FileManager.default.isExecutableFile(atPath: daemon) ? nil : "needs dbus-daemon (Debian package dbus-daemon)"
    }

    let directory: String
    let process = Process()
    var socket: String { directory + "/bus" }
    var address: String { "unix:path=" + socket }

    /// `asUser`: run it as that uid and gid (setpriv), for a bus that is not ours.
    init(asUser: (uid: UInt32, gid: UInt32)? = nil) throws {
        var template = Array("/tmp/venued-bus-XXXXXX".utf8CString)
        directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        let arguments = ["--session", "--address=" + address, "--nofork", "--nopidfile"]
        if let user = asUser {
            chown(directory, user.uid, user.gid)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", "--", Self.daemon] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: Self.daemon)
            process.arguments = arguments
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<200 where access(socket, F_OK) != 0 { usleep(10_000) }
        guard access(socket, F_OK) == 0 else { throw BusTestFailure("dbus-daemon made no socket at \(socket) within 2 s") }
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            let deadline = Date().addingTimeInterval(3)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        try? FileManager.default.removeItem(atPath: directory)
    }
}

struct BusTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The connection against the real dbus-daemon: authentication, Hello, calls and their
/// errors, signals, and the refusal of a bus that another user runs.
@Suite(.enabled(if: PrivateBus.unavailable == nil, "\(PrivateBus.unavailable ?? "")"))
struct RealBus {
    @Test func authenticatesSaysHelloAndCalls() throws {
        let bus = try PrivateBus()
        let connection = try BusConnection.session(environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address], uid: getuid(), timeout: 5).get()
        #expect(connection.uniqueName.hasPrefix(":1."))
        let names = try connection.call(.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                                    interface: "org.freedesktop.DBus", member: "ListNames"), timeout: 5).get()
        #expect(names.body.first?.strings?.contains(connection.uniqueName) == true)
        // The bus checks every message we write: one it refused would end the connection.
        let echo = try connection.call(.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                                   interface: "org.freedesktop.DBus", member: "NameHasOwner",
                                                   body: [.string("org.freedesktop.Notifications")]), timeout: 5).get()
        #expect(echo.body == [.boolean(false)])
    }

    @Test func aCallToNobodyIsTheBussError() throws {
        let bus = try PrivateBus()
        let connection = try BusConnection.session(environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address], uid: getuid(), timeout: 5).get()
        // A name no service file names: otherwise the bus would try to start it first.
        let result = connection.call(.methodCall(destination: "org.example.Nobody", path: "/org/example",
                                                 interface: "org.example.Nobody", member: "Anything"), timeout: 5)
        guard case .failure(.remote(let name, _)) = result else { Issue.record("\(result)"); return }
        #expect(name == "org.freedesktop.DBus.Error.ServiceUnknown")
    }

    /// A signal sent by one connection reaches another that asked for it (AddMatch),
    /// through `receive` once the descriptor polls readable.
    @Test func signalsArriveAfterAddMatch() throws {
        let bus = try PrivateBus()
        let environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address]
        let listener = try BusConnection.session(environment: environment, uid: getuid(), timeout: 5).get()
        let sender = try BusConnection.session(environment: environment, uid: getuid(), timeout: 5).get()
        _ = try listener.call(.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                                          member: "AddMatch", body: [.string("type='signal',interface='org.example.Test'")]), timeout: 5).get()
        var signal = DBusMessage(kind: .signal, path: "/org/example", interface: "org.example.Test", member: "Ping", body: [.uint32(7), .string("x")])
        signal.flags = 0
        #expect(sender.send(signal, timeout: 5))
        var received: [DBusMessage] = []
        for _ in 0..<50 where !received.contains(where: { $0.member == "Ping" }) {
            var poller = pollfd(fd: listener.fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&poller, 1, 100)
            received += try listener.receive().get()
        }
        let ping = try #require(received.first { $0.member == "Ping" })
        #expect(ping.body == [.uint32(7), .string("x")] && ping.sender == sender.uniqueName)
    }

    @Test func noBusIsOneLine() {
        let missing = BusConnection.session(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"], uid: getuid(), timeout: 1)
        #expect(missing.failure == .bus("no session bus at /nonexistent/bus"))
        let none = BusConnection.session(environment: [:], uid: getuid(), timeout: 1)
        #expect(none.failure == .bus("no session bus: DBUS_SESSION_BUS_ADDRESS and XDG_RUNTIME_DIR are both unset"))
    }

    /// A bus another uid runs is refused before a byte is sent (SO_PEERCRED), whatever
    /// the socket's mode lets us do.
    @Test(.enabled(if: getuid() == 0, "needs root to run a bus as another uid"))
    func aBusOfAnotherUserIsRefused() throws {
        let bus = try PrivateBus(asUser: (65534, 65534))
        chmod(bus.directory, 0o755)
        chmod(bus.socket, 0o777)
        let result = BusConnection.session(environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address], uid: getuid(), timeout: 2)
        #expect(result.failure == .bus("the session bus at \(bus.socket) runs as uid 65534, not as you (uid 0): not using it"))
    }
}

extension Result {
    var failure: Failure? { if case .failure(let failure) = self { failure } else { nil } }
}
