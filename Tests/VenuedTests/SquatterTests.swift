import Foundation
import Glibc
import Testing

/// venuectl sends nothing to a socket that is not its user's own venued. Without
/// XDG_RUNTIME_DIR the socket is /tmp/venued-$UID/venued.sock, which any local user can
/// create first: here one does (`venued-squatter`) and answers every connection at once
/// with a line venuectl would print, and another user (`venued-victim`) runs every
/// command that asks venued. None prints a byte of it; status, is-open and watch fall
/// back as for a dead daemon, info and refresh exit 6, each with one line naming the
/// owner; and the squatter receives nothing. Then the second check alone: a directory
/// that passes, with a listener of another uid (or root) found by SO_PEERCRED.
///
/// Needs root (useradd, setpriv); CI runs as root. The users and directories are removed
/// at the end.
@Suite(.serialized, .enabled(if: getuid() == 0, "needs root: it creates two users (useradd) and runs processes as them (setpriv)"))
final class Squatter {
    struct User {
        let name: String
        let uid: UInt32
        let gid: UInt32
    }

    /// What the listener saw, from the state file it rewrites after each change.
    struct Seen: Decodable {
        let connections: Int
        let received: Int
    }

    static let squatterName = "venued-squatter"
    static let victimName = "venued-victim"
    static let answer = #"{"ok":true,"source":"primary","text":"SQUATTED\n","venues":[],"version":"squatted","pid":1}"# + "\n"

    let squatter: User
    let victim: User
    /// Root's scratch directory (0755): the listener script, outputs, the victim's home.
    let scratch: String
    let victimHome: String
    let client: String
    var listeners: [Process] = []
    var removeAtEnd: [String] = []

    init() throws {
        squatter = try Self.ensureUser(Self.squatterName)
        victim = try Self.ensureUser(Self.victimName)
        var template = Array("/tmp/venued-squat-test-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else { throw TestFailure("mkdtemp failed") }
        scratch = String(cString: made)
        chmod(scratch, 0o755)
        victimHome = scratch + "/home"
        mkdirs(victimHome)
        chown(victimHome, victim.uid, victim.gid)
        client = scratch + "/venuectl"
        try FileManager.default.copyItem(atPath: VenuectlRunner.binary, toPath: client)
        chmod(client, 0o755)
        try Self.listenerScript.write(toFile: scratch + "/listen.py", atomically: true, encoding: .utf8)
    }

    deinit {
        for listener in listeners where listener.isRunning {
            kill(listener.processIdentifier, SIGKILL)
            listener.waitUntilExit()
        }
        for path in removeAtEnd + [scratch] { try? FileManager.default.removeItem(atPath: path) }
        for name in [Self.squatterName, Self.victimName] { _ = OtherUser.shell("userdel \(name) 2>&1") }
    }

    @Test func aSquattedDefaultDirectoryGetsNoByteAndEveryCommandFallsBackOrStops() throws {
        let directory = "/tmp/venued-\(victim.uid)"
        try? FileManager.default.removeItem(atPath: directory)
        removeAtEnd.append(directory)
        let state = try stateDirectory()
        // The squatter makes the victim's directory first, open to all, and listens in it.
        try startListener(as: squatter, socket: directory + "/venued.sock", state: state, makeDirectory: true)

        let refusal = "not asking venued: \(directory) belongs to uid \(squatter.uid) (\(Self.squatterName)), not to you (uid \(victim.uid))"
        let remedy = "remove \(directory) (owned by uid \(squatter.uid)), or use a socket in a directory of your own (XDG_RUNTIME_DIR, VENUED_SOCKET)"
        for arguments in [[], ["status", "--json"], ["--format", "prompt", "--all"], ["is-open", "commons"], ["watch", "--count", "1"]] {
            let run = try runAsVictim(arguments)
            #expect((0...2).contains(run.code), "\(arguments): exit \(run.code), \(run.stderr)")
            #expect(!run.stdout.contains("SQUATTED") && !run.stdout.contains("squatted"), "\(arguments): \(run.stdout)")
            if arguments.isEmpty {
                // Plain text gives the remedy in its "Old data:" header, and only there.
                #expect(run.stderr.isEmpty && run.stdout.contains("— \(remedy)."), "\(run.stderr)\(run.stdout)")
                continue
            }
            let shown = arguments.first == "watch" ? "following the local copy and retrying" : "showing the bundled data"
            #expect(run.stderr == "venuectl: \(refusal); \(shown) — \(remedy)\n", "\(arguments): \(run.stderr)")
        }
        let json = try runAsVictim(["status", "--json"]).stdout
        let object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
        #expect(object?["source"] as? String == "bundled", "\(json.prefix(200))")
        for arguments in [["info"], ["refresh"]] {
            let run = try runAsVictim(arguments)
            #expect(run.code == 6 && run.stdout.isEmpty, "\(arguments): exit \(run.code)")
            #expect(run.stderr == "venuectl: \(refusal): \(remedy)\n", "\(arguments): \(run.stderr)")
        }
        let seen = try self.seen(state)
        #expect(seen.connections == 0 && seen.received == 0, "the squatter saw \(seen.connections) connections, \(seen.received) bytes")
    }

    /// A directory others can write is refused by its mode, before any connection,
    /// even when it is the user's own and so is the listener.
    @Test func aDirectoryOthersCanWriteIsNotTrusted() throws {
        let directory = scratch + "/shared"
        mkdirs(directory)
        chown(directory, victim.uid, victim.gid)
        chmod(directory, 0o777)
        let state = try stateDirectory(owner: victim)
        try startListener(as: victim, socket: directory + "/venued.sock", state: state)
        let run = try runAsVictim(["info"], socket: directory + "/venued.sock")
        #expect(run.code == 6)
        #expect(run.stderr.hasPrefix("venuectl: not asking venued: \(directory) can be written by others (mode 777)"), "\(run.stderr)")
        let seen = try self.seen(state)
        #expect(seen.connections == 0 && seen.received == 0)
    }

    /// The directory is the victim's own and private, but the process listening there
    /// runs as another uid (it bound as root, then dropped to the squatter before
    /// `listen`), or as root itself: SO_PEERCRED says so, and nothing is sent.
    @Test(arguments: [true, false])
    func aListenerOfAnotherUidIsRefusedAfterConnecting(dropsToSquatter: Bool) throws {
        let directory = scratch + "/private-\(dropsToSquatter)"
        mkdirs(directory)
        chown(directory, victim.uid, victim.gid)
        chmod(directory, 0o700)
        let socket = directory + "/venued.sock"
        let state = try stateDirectory()
        try startListener(as: nil, socket: socket, state: state, dropTo: dropsToSquatter ? squatter : nil)
        let owner = dropsToSquatter ? "uid \(squatter.uid) (\(Self.squatterName))" : "uid 0 (root)"
        let refusal = "not asking venued: the process listening on \(socket) runs as \(owner), not as you (uid \(victim.uid))"
        // The client is a copy outside any build directory, so it names the socket unit
        // when one is installed for every user (the package), else venued itself.
        let unitInstalled = ["/etc/systemd/user", "/run/systemd/user", "/usr/local/share/systemd/user", "/usr/share/systemd/user",
                             "/usr/local/lib/systemd/user", "/usr/lib/systemd/user"]
            .contains { FileManager.default.fileExists(atPath: $0 + "/venued.socket") }
        let start = unitInstalled ? "systemctl --user start venued.socket" : "venued"
        let remedy = "stop it and remove \(socket), then start your own venued ('\(start)')"

        let plain = try runAsVictim([], socket: socket)
        #expect(plain.code == 0 && plain.stdout.contains("Penn dining") && !plain.stdout.contains("SQUATTED"))
        #expect(plain.stderr.isEmpty && plain.stdout.contains("— \(remedy)."), "the header gives the remedy, once: \(plain.stderr)")
        let json = try runAsVictim(["status", "--json"], socket: socket)
        #expect(json.stderr == "venuectl: \(refusal); showing the bundled data — \(remedy)\n", "\(json.stderr)")
        let info = try runAsVictim(["info"], socket: socket)
        #expect(info.code == 6 && info.stderr == "venuectl: \(refusal): \(remedy)\n", "\(info.stderr)")
        let seen = try self.seen(state) { $0.connections >= 2 }
        #expect(seen.connections >= 2, "the check that decided is the peer's uid, after connecting")
        #expect(seen.received == 0, "the listener received \(seen.received) bytes")
    }

    /// Not a squatter, but the same second user: one who cannot write the favorites'
    /// directory is told which file could not be written and what to do, never the
    /// random name of a temporary file.
    @Test func favoritesInADirectoryYouCannotWriteSayWhichFileAndWhatToDo() throws {
        let directory = scratch + "/config/venued"
        mkdirs(directory)
        chmod(directory, 0o755)
        let favorites = directory + "/favorites"
        let noLock = try runAsVictim(["favorites", "add", "593"], environment: ["XDG_CONFIG_HOME=\(scratch)/config"])
        #expect(noLock.code == 4)
        #expect(noLock.stderr == "venuectl: cannot write \(favorites): cannot lock \(favorites).lock: Permission denied: you need to be able to write to \(directory)\n")
        // The lock file is there and open to all, the directory still is not.
        #expect(FileManager.default.createFile(atPath: favorites + ".lock", contents: nil, attributes: [.posixPermissions: 0o666]))
        let noTemporary = try runAsVictim(["favorites", "add", "593"], environment: ["XDG_CONFIG_HOME=\(scratch)/config"])
        #expect(noTemporary.code == 4)
        #expect(noTemporary.stderr == "venuectl: cannot write \(favorites): cannot create a file in \(directory) (Permission denied): "
                + "the file is replaced by a new one made there, so you need to be able to write to \(directory)\n")
        #expect(!noTemporary.stderr.contains(".tmp-"))
    }

    // MARK: - Helpers

    /// Runs venuectl as the victim, with XDG_RUNTIME_DIR unset (the /tmp default) unless
    /// `socket` is given as VENUED_SOCKET; at most 20 s.
    func runAsVictim(_ arguments: [String], socket: String? = nil, environment extra: [String] = []) throws -> (code: Int32, stdout: String, stderr: String) {
        let tag = UUID().uuidString.prefix(8)
        let outPath = scratch + "/out-\(tag)", errPath = scratch + "/err-\(tag)"
        for path in [outPath, errPath] { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        var environment = ["HOME=\(victimHome)", "PATH=/usr/bin:/bin", "TZ=America/New_York"]
        if let socket { environment.append("VENUED_SOCKET=\(socket)") }
        environment += extra
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=\(victim.uid)", "--regid=\(victim.gid)", "--clear-groups", "--",
                             "/usr/bin/env", "-i"] + environment + [client] + arguments
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw TestFailure("venuectl \(arguments) as \(Self.victimName) did not exit within 20 s")
        }
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        return (process.terminationStatus, read(outPath), read(errPath))
    }

    /// A directory `owner` can write, for the listener's state file.
    func stateDirectory(owner: User? = nil) throws -> String {
        let owner = owner ?? squatter
        let path = scratch + "/state-\(UUID().uuidString.prefix(8))"
        mkdirs(path)
        chown(path, owner.uid, owner.gid)
        return path
    }

    /// Starts the listener as `user` (nil: root), waits until it listens. With `dropTo`,
    /// root binds the socket and the listener becomes that user before `listen`.
    func startListener(as user: User?, socket: String, state: String, makeDirectory: Bool = false, dropTo: User? = nil) throws {
        let python = ["/usr/bin/python3", scratch + "/listen.py", socket, state + "/seen.json", Self.answer,
                      makeDirectory ? "mkdir" : "-", dropTo.map { "\($0.uid):\($0.gid)" } ?? "-"]
        let process = Process()
        if let user {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", "--"] + python
        } else {
            process.executableURL = URL(fileURLWithPath: python[0])
            process.arguments = Array(python.dropFirst())
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        listeners.append(process)
        for _ in 0..<200 where access(state + "/seen.json", F_OK) != 0 && process.isRunning { usleep(25_000) }
        guard access(state + "/seen.json", F_OK) == 0 else { throw TestFailure("the listener on \(socket) did not start") }
    }

    /// What the listener saw, once `expected` holds (bounded wait); without it, after a
    /// moment for a connection venuectl just closed to be counted.
    func seen(_ state: String, expected: ((Seen) -> Bool)? = nil) throws -> Seen {
        let read = { try JSONDecoder().decode(Seen.self, from: Data(contentsOf: URL(fileURLWithPath: state + "/seen.json"))) }
        guard let expected else {
            usleep(200_000)
            return try read()
        }
        try? waitUntil("the listener counting") { (try? read()).map(expected) ?? false }
        return try read()
    }

    static func ensureUser(_ name: String) throws -> User {
        if OtherUser.shell("id -u \(name)").code != 0 {
            let made = OtherUser.shell("useradd --system --no-create-home --shell /usr/sbin/nologin \(name) 2>&1")
            guard made.code == 0 else { throw TestFailure("useradd \(name) failed: \(made.output)") }
        }
        guard let uid = UInt32(OtherUser.shell("id -u \(name)").output.trimmingCharacters(in: .whitespacesAndNewlines)),
              let gid = UInt32(OtherUser.shell("id -g \(name)").output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw TestFailure("no uid for \(name)")
        }
        return User(name: name, uid: uid, gid: gid)
    }

    /// The squatter: answers each connection at once with ANSWER (before reading, as a
    /// hostile listener would), then counts what it receives until the client closes.
    /// Rewrites STATE after each change: {"connections": N, "received": BYTES}.
    static let listenerScript = #"""
    import json, os, socket, sys
    path, state, answer, mkdir, drop = sys.argv[1:6]
    if mkdir == "mkdir":
        os.mkdir(os.path.dirname(path), 0o755)
        os.chmod(os.path.dirname(path), 0o755)
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(path)
    os.chmod(path, 0o777)
    if drop != "-":
        uid, gid = (int(x) for x in drop.split(":"))
        os.setgroups([]); os.setgid(gid); os.setuid(uid)
    s.listen(16)
    seen = {"connections": 0, "received": 0}
    def save():
        with open(state + ".tmp", "w") as f:
            json.dump(seen, f)
        os.rename(state + ".tmp", state)
    save()
    while True:
        c, _ = s.accept()
        seen["connections"] += 1
        save()
        try:
            c.sendall(answer.encode())
        except OSError:
            pass
        c.settimeout(2)
        try:
            while True:
                data = c.recv(65536)
                if not data:
                    break
                seen["received"] += len(data)
                save()
        except OSError:
            pass
        c.close()
        save()
    """#
}
