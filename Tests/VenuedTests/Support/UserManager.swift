import Foundation
import Glibc

/// A real `systemd --user` manager for a throw-away user (scripts/user-manager: the
/// user, its cgroups, /run/user/UID, the manager in a private mount namespace). Root
/// only; `stop()` (also run by deinit) removes the user, its home, its cgroups and every
/// process in them, even after a failed test.
final class UserManager {
    static let script = InstallTests.package + "/scripts/user-manager"
    static let systemd = "/usr/lib/systemd/systemd"

    /// Why a real manager cannot run here, or nil when it can.
    static var unavailable: String? {
        if getuid() != 0 { return "needs root (it creates a user and cgroups)" }
        for tool in [systemd, "/usr/bin/systemctl", "/usr/bin/script", "/usr/bin/unshare", "/usr/sbin/useradd", "/usr/bin/setpriv"]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            return "needs \(tool) (Debian packages systemd, util-linux, passwd)"
        }
        return nil
    }

    let name: String
    let state: String
    private(set) var stopped = false

    init() throws {
        name = "vdt" + UUID().uuidString.prefix(8).lowercased().filter { $0.isHexDigit }
        state = "/tmp/venued-um-\(name)"
        let started = try InstallTests.tool(Self.script, ["start", name, state], timeout: 60)
        if started.code != 0 {
            stop()
            throw TestFailure("user manager did not start: \(started.output)")
        }
    }

    var home: String { "/home/\(name)" }
    var uid: uid_t { getpwnam(name)?.pointee.pw_uid ?? 0 }
    var runtime: String { "/run/user/\(uid)" }

    /// Runs a command as the user, its XDG_RUNTIME_DIR pointing at the manager.
    @discardableResult
    func run(_ command: String, _ arguments: [String] = [], timeout: Double = 60) throws -> (code: Int32, output: String) {
        try InstallTests.tool(Self.script, ["as", name, state, command] + arguments, timeout: timeout)
    }

    /// `systemctl --user ARGS` as the user.
    @discardableResult
    func systemctl(_ arguments: String...) throws -> (code: Int32, output: String) {
        try run("/usr/bin/systemctl", ["--user"] + arguments)
    }

    /// One property of a unit, e.g. `MainPID`.
    func property(_ unit: String, _ name: String) throws -> String {
        try systemctl("show", "-p", name, "--value", unit).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits up to `seconds` for `condition`; returns whether it held.
    func wait(seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(100_000)
        }
        return try condition()
    }

    /// Writes a file as root and gives it (and the directories made for it) to the user.
    func write(_ text: String, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        _ = try run("/bin/mkdir", ["-p", directory])
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        chown(path, uid, getpwnam(name)?.pointee.pw_gid ?? 0)
    }

    /// The manager's log (its own debug lines): what to read when a test fails.
    var managerLog: String {
        let log = (try? String(contentsOfFile: state + "/manager.log", encoding: .utf8)) ?? ""
        return String(log.suffix(4000))
    }

    func stop() {
        guard !stopped else { return }
        stopped = true
        _ = try? InstallTests.tool(Self.script, ["stop", name, state], timeout: 60)
    }

    deinit { stop() }
}
