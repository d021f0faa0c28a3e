import Foundation
import Glibc
import Synchronization
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
        // --print-address: the address is printed once the bus listens (the socket file
        // exists a moment before it does, and a connect then is refused).
        let arguments = ["--session", "--address=" + address, "--nofork", "--nopidfile", "--print-address"]
        if let user = asUser {
            chown(directory, user.uid, user.gid)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", "--", Self.daemon] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: Self.daemon)
            process.arguments = arguments
        }
        let printed = Pipe()
        process.standardOutput = printed
        process.standardError = FileHandle.nullDevice
        try process.run()
        // One line, or nothing if it exits: read on a thread so the wait stays bounded.
        let line = Mutex<Data?>(nil)
        let reader = Thread { line.withLock { $0 = printed.fileHandleForReading.availableData } }
        reader.start()
        for _ in 0..<500 where line.withLock({ $0 == nil }) { usleep(10_000) }
        guard line.withLock({ $0?.isEmpty == false }) else { throw BusTestFailure("dbus-daemon did not listen on \(socket) within 5 s") }
    }

    /// SIGKILL: the bus keeps nothing worth a clean exit, and Foundation starts it with
    /// the test runner's blocked signals, SIGTERM among them (measured: SigBlk).
    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
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

    /// `unix:abstract=`: no file, the name in the abstract namespace.
    @Test func anAbstractAddressConnects() throws {
        let name = "/tmp/venued-bus-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: PrivateBus.daemon)
        daemon.arguments = ["--session", "--address=unix:abstract=" + name, "--nofork", "--nopidfile"]
        // No file to wait for: connecting again until it listens is the wait.
        daemon.standardOutput = FileHandle.nullDevice
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        defer { kill(daemon.processIdentifier, SIGKILL); daemon.waitUntilExit() }
        let environment = ["DBUS_SESSION_BUS_ADDRESS": "unix:abstract=\(name),guid=0123456789abcdef0123456789abcdef"]
        var result = BusConnection.session(environment: environment, uid: getuid(), timeout: 2)
        for _ in 0..<100 where result.failure != nil {
            usleep(20_000)
            result = BusConnection.session(environment: environment, uid: getuid(), timeout: 2)
        }
        #expect(try result.get().socket == "@" + name)
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
