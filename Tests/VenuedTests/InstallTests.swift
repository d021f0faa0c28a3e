import Foundation
import Glibc
import Testing

/// Issue "install as a systemd user service": `make install-files` into a temporary
/// prefix, systemd's own checks on the installed units, and the installed binaries
/// working together under `systemd-socket-activate`.
@Suite(.serialized) struct InstallTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let builtDirectory = URL(fileURLWithPath: DaemonProcess.binary).deletingLastPathComponent().path
    static let hasSystemd = FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-socket-activate")

    /// Runs a tool to completion, killing it after `timeout`, and returns its exit code and
    /// output. posix_spawn and our own waitpid, not Foundation's Process: with a
    /// socket-activated daemon alive, Process's monitor thread blocks in wait4 on the
    /// daemon and never notices that a short-lived tool has exited.
    static func tool(_ path: String, _ arguments: [String], environment: [String: String] = ["PATH": "/usr/bin:/bin"],
                     timeout: Double = 60) throws -> (code: Int32, output: String) {
        let outPath = NSTemporaryDirectory() + "venued-tool-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: outPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw TestFailure("cannot run \(path): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(timeout)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                throw TestFailure("\(path) \(arguments.joined(separator: " ")) did not exit within \(timeout) s")
            }
            usleep(10_000)
        }
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (code, (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "")
    }

    /// Every `--flag` of a text: man pages write it `\-\-flag`.
    static func flags(in text: String) -> Set<String> {
        let plain = text.replacingOccurrences(of: "\\-", with: "-")
        let regex = try! NSRegularExpression(pattern: "--[a-z][a-z-]*[a-z]")
        return Set(regex.matches(in: plain, range: NSRange(plain.startIndex..., in: plain)).map { String(plain[Range($0.range, in: plain)!]) })
    }

    /// The OPTIONS section of a man page: examples elsewhere may quote other tools' flags.
    static func optionsSection(_ page: String) -> String {
        guard let start = page.range(of: ".SH OPTIONS\n") else { return "" }
        let rest = page[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n.SH ")?.lowerBound ?? rest.endIndex)])
    }

    @Test func manPagesNameExactlyTheFlagsOfHelp() throws {
        let venuectl = Self.builtDirectory + "/venuectl"
        // The commands as `venuectl --help` lists them: "  name  summary" under "commands:".
        let overview = try Self.tool(venuectl, ["--help"]).output
        let commands = overview.components(separatedBy: "commands:\n").last!.components(separatedBy: "\n\n").first!
            .split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.count >= 4 && commands.contains("watch"))
        var help = overview
        for command in commands { help += try Self.tool(venuectl, [command, "--help"]).output }
        let page = try String(contentsOfFile: Self.package + "/man/venuectl.1", encoding: .utf8)
        #expect(Self.flags(in: Self.optionsSection(page)) == Self.flags(in: help).union(["--version"]))
        for command in commands {
            let heading = ".B \(command.replacingOccurrences(of: "-", with: "\\-"))\n"
            #expect(help.contains("  \(command) ") && page.contains(heading), "command \(command)")
        }
        let daemonHelp = try Self.tool(DaemonProcess.binary, ["--help"]).output
        let daemonPage = try String(contentsOfFile: Self.package + "/man/venued.8", encoding: .utf8)
        #expect(Self.flags(in: Self.optionsSection(daemonPage)) == Self.flags(in: daemonHelp).union(["--help", "--version"]))
    }

    @Test(.enabled(if: hasSystemd, "needs systemd-analyze and systemd-socket-activate (Debian package systemd)"))
    func installedServiceVerifiesAndAnswers() throws {
        let home = DaemonProcess.Home()
        let prefix = home.root + "/prefix"
        let make = try Self.tool("/usr/bin/make", ["-C", Self.package, "install-files", "BUILT=\(Self.builtDirectory)", "PREFIX=\(prefix)"])
        #expect(make.code == 0, "\(make.output)")

        let installed = ["bin/venued": 0o755, "bin/venuectl": 0o755, "bin/venued-notify": 0o755, "share/man/man1/venued-notify.1": 0o644,
                         "share/systemd/user/venued.service": 0o644,
                         "share/systemd/user/venued.socket": 0o644, "share/systemd/user/venued-notify.service": 0o644, "share/man/man1/venuectl.1": 0o644, "share/man/man8/venued.8": 0o644,
                         "share/bash-completion/completions/venuectl": 0o644, "share/zsh/site-functions/_venuectl": 0o644,
                         "share/fish/vendor_completions.d/venuectl.fish": 0o644, "share/doc/venued/README.md": 0o644,
                         "share/doc/venued/integrations.md": 0o644, "share/doc/venued/HOURS.md": 0o644,
                         "share/doc/venued/PROTOCOL.md": 0o644, "share/doc/venued/venued.md": 0o644]
        for (path, mode) in installed {
            let attributes = try FileManager.default.attributesOfItem(atPath: prefix + "/" + path)
            #expect((attributes[.posixPermissions] as? Int) == mode, "\(path)")
        }
        // The help and the man pages send readers to the docs by name; the README's links reach them.
        let readme = try String(contentsOfFile: prefix + "/share/doc/venued/README.md", encoding: .utf8)
        let links = try NSRegularExpression(pattern: "\\]\\(([A-Za-z]+\\.md)[)#]")
            .matches(in: readme, range: NSRange(readme.startIndex..., in: readme)).map { String(readme[Range($0.range(at: 1), in: readme)!]) }
        #expect(links.contains("integrations.md"))
        for link in Set(links) { #expect(access(prefix + "/share/doc/venued/" + link, R_OK) == 0, "README links to \(link)") }

        // The installed bash completion loads and completes a command name.
        let completion = try Self.tool("/bin/bash", ["-c", "source \(prefix)/share/bash-completion/completions/venuectl && complete -p venuectl"])
        #expect(completion.code == 0 && completion.output.contains("venuectl"), "\(completion.output)")
        let service = try String(contentsOfFile: prefix + "/share/systemd/user/venued.service", encoding: .utf8)
        #expect(service.contains("ExecStart=\(prefix)/bin/venued\n") && !service.contains("@BINDIR@"))
        let notify = try String(contentsOfFile: prefix + "/share/systemd/user/venued-notify.service", encoding: .utf8)
        #expect(notify.contains("ExecStart=\(prefix)/bin/venued-notify\n") && !notify.contains("@BINDIR@"))

        // systemd's own check, man pages included (MANPATH finds the installed ones).
        let units = ["venued.socket", "venued.service", "venued-notify.service"].map { prefix + "/share/systemd/user/" + $0 }
        let verify = try Self.tool("/usr/bin/systemd-analyze", ["verify"] + units,
                                   environment: ["PATH": "/usr/bin:/bin", "MANPATH": prefix + "/share/man:"])
        #expect(verify.code == 0 && verify.output.isEmpty, "\(verify.output)")

        // The installed daemon, socket-activated, serving the installed client.
        let server = try ScriptedHTTPServer()
        defer { server.stop() }
        server.set("/primary", .init(body: Feeds.current()))
        mkdirs(home.root + "/run/venued")
        let passed = home.environment.flatMap { ["-E", "\($0.key)=\($0.value)"] }
        let daemon = try DaemonProcess(home: home, arguments: ["-l", home.socketPath] + passed
                                       + [prefix + "/bin/venued", "--primary-url", server.url("/primary"), "--backup-url", server.url("/backup")],
                                       executable: "/usr/bin/systemd-socket-activate")
        _ = try daemon.waitForInfo { $0["source"] as? String == "primary" }
        let status = try Self.tool(prefix + "/bin/venuectl", ["status", "--json", "--socket", home.socketPath],
                                   environment: home.environment.merging(["TZ": "America/New_York"]) { $1 })
        let json = try JSONSerialization.jsonObject(with: Data(status.output.utf8)) as? [String: Any]
        #expect(status.code == 0 && json?["source"] as? String == "primary", "\(status.output)")
        #expect((json?["venues"] as? [Any])?.isEmpty == false)
        #expect(daemon.stop() == 0)

        let uninstall = try Self.tool("/usr/bin/make", ["-C", Self.package, "uninstall", "PREFIX=\(prefix)"])
        #expect(uninstall.code == 0, "\(uninstall.output)")
        for path in installed.keys { #expect(access(prefix + "/" + path, F_OK) != 0, "\(path) left behind") }
    }

    // MARK: under a real `systemd --user` manager (root: CI)

    /// The files (not directories) under `root`, relative to it.
    static func files(under root: String) -> Set<String> {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: Set<String> = []
        while let path = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                found.insert(path)
            }
        }
        return found
    }

    static func json(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// The issue's whole life of the installed units under a real user manager: exposure,
    /// enable --now the socket, the first query activates the service (READY=1), it
    /// fetches and caches and writes its prompt file, reload keeps the pid, kill -9
    /// restarts it (the prompt file gone meanwhile), a short watchdog keeps it alive,
    /// stop (the prompt file gone), the next query re-activates it. Returns the exposure score.
    @discardableResult
    static func exercise(_ manager: UserManager, venuectl: String, server: ScriptedHTTPServer) throws -> Double {
        let home = manager.home
        let config = home + "/.config/venued/config"
        let prompt = "prompt.dining = --format prompt\n"
        try manager.write("primary_url = \(server.url("/primary"))\nbackup_url = \(server.url("/backup"))\nmenus_url = \(server.url("/menus"))\ntimeout = 2\n" + prompt, to: config)
        // No journald here: the service's output goes to a file.
        let log = home + "/venued.log"
        let dropins = home + "/.config/systemd/user/venued.service.d"
        try manager.write("[Service]\nStandardOutput=append:\(log)\nStandardError=append:\(log)\n", to: dropins + "/log.conf")
        #expect(try manager.systemctl("daemon-reload").code == 0)
        var serviceLog: String { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "") + "\n-- manager --\n" + manager.managerLog }

        let security = try manager.run("/usr/bin/systemd-analyze", ["--user", "security", "--no-pager", "venued.service"])
        let score = security.output.components(separatedBy: "Overall exposure level for venued.service: ").last?
            .split(separator: " ").first.flatMap { Double($0) } ?? 10
        #expect(score <= 4.0, "\(security.output)")

        let enable = try manager.systemctl("enable", "--now", "venued.socket")
        #expect(enable.code == 0, "\(enable.output)")
        #expect(access(manager.runtime + "/venued/venued.sock", F_OK) == 0)
        #expect(try manager.property("venued.service", "ActiveState") == "inactive")

        // The first query starts the service; it fetches from the primary and caches it.
        var info: [String: Any] = [:]
        let fetched = try manager.wait(seconds: 20) {
            info = json(try manager.run(venuectl, ["info", "--json"], timeout: 10).output)
            return info["source"] as? String == "primary"
        }
        #expect(fetched, "last info: \(info)\n\(serviceLog)")
        // Type=notify: "active" only after READY=1; STATUS= came through as well.
        #expect(try manager.property("venued.service", "ActiveState") == "active")
        #expect(try manager.property("venued.service", "StatusText").hasPrefix("serving primary data"))
        var cache = stat()
        #expect(stat(home + "/.cache/venued", &cache) == 0 && cache.st_uid == manager.uid && cache.st_mode & 0o777 == 0o700)
        #expect(access(home + "/.cache/venued/venues.json", F_OK) == 0, "\(serviceLog)")
        let status = try manager.run(venuectl, ["status", "--json"])
        #expect(status.code == 0 && json(status.output)["source"] as? String == "primary", "\(status.output)")
        // The prompt file, in the directory the unit's RuntimeDirectory= made writable under ProtectSystem=strict.
        let promptDirectory = manager.runtime + "/venued/prompt"
        let promptFile = promptDirectory + "/dining"
        let written = manager.wait(seconds: 10) { access(promptFile, F_OK) == 0 }
        #expect(written, "\(serviceLog)")
        let promptText = (try? String(contentsOfFile: promptFile, encoding: .utf8)) ?? ""
        #expect(!promptText.isEmpty && !promptText.hasPrefix("venued:"), "\(promptText)")
        var directory = stat()
        #expect(lstat(promptDirectory, &directory) == 0 && directory.st_uid == manager.uid && directory.st_mode & 0o777 == 0o700)

        // Reload: SIGHUP, the same process, the new config in force.
        let pid = try manager.property("venued.service", "MainPID")
        try manager.write("primary_url = \(server.url("/primary"))\nbackup_url = \(server.url("/backup"))\nmenus_url = \(server.url("/menus"))\ntimeout = 2\nrefresh = 600\n" + prompt, to: config)
        #expect(try manager.systemctl("reload", "venued.service").code == 0)
        let reloaded = try manager.wait(seconds: 10) {
            json(try manager.run(venuectl, ["info", "--json"], timeout: 10).output)["refresh_seconds"] as? Int == 600
        }
        #expect(reloaded, "\(serviceLog)")
        #expect(try manager.property("venued.service", "MainPID") == pid)
        #expect(try manager.property("venued.service", "ActiveState") == "active")

        // kill -9: Restart=on-failure brings it back (RestartSec=5).
        let mainPID = try #require(pid_t(pid).flatMap { $0 > 1 ? $0 : nil }, "MainPID \(pid)")
        kill(mainPID, SIGKILL)
        // A killed venued removes nothing: the manager removes the prompt files (RuntimeDirectory=),
        // before the restart 5 s later.
        let removed = manager.wait(seconds: 4) { access(promptFile, F_OK) != 0 }
        #expect(removed, "the prompt file outlived a killed venued\n\(serviceLog)")
        let restarted = try manager.wait(seconds: 20) {
            let now = try manager.property("venued.service", "MainPID")
            let state = try manager.property("venued.service", "ActiveState")
            return now != pid && now != "0" && state == "active"
        }
        #expect(restarted, "\(serviceLog)")
        #expect(try manager.property("venued.service", "NRestarts") == "1")
        #expect(manager.wait(seconds: 10) { access(promptFile, F_OK) == 0 }, "\(serviceLog)")

        // A 2 s watchdog: venued pings every second, so it stays up, in the same process.
        try manager.write("[Service]\nWatchdogSec=2\n", to: dropins + "/watchdog.conf")
        #expect(try manager.systemctl("daemon-reload").code == 0)
        #expect(try manager.systemctl("restart", "venued.service").code == 0)
        let watched = try manager.property("venued.service", "MainPID")
        // A manual restart resets the count: what matters is that it does not grow.
        let restarts = try manager.property("venued.service", "NRestarts")
        #expect(try manager.property("venued.service", "WatchdogUSec") == "2s")
        let environment = (try? String(contentsOfFile: "/proc/\(watched)/environ", encoding: .utf8)) ?? ""
        #expect(environment.split(separator: "\0").contains("WATCHDOG_USEC=2000000"))
        // Five pings seen by the manager (each updates WatchdogTimestampMonotonic) span more
        // than two watchdog periods: a venued that missed them would have been restarted.
        var pings: Set<String> = []
        let pinged = try manager.wait(seconds: 30) {
            pings.insert(try manager.property("venued.service", "WatchdogTimestampMonotonic"))
            return pings.count >= 6
        }
        #expect(pinged, "the manager saw \(pings.count) pings\n\(serviceLog)")
        #expect(try manager.property("venued.service", "MainPID") == watched, "\(serviceLog)")
        #expect(try manager.property("venued.service", "ActiveState") == "active")
        #expect(try manager.property("venued.service", "NRestarts") == restarts)
        try FileManager.default.removeItem(atPath: dropins + "/watchdog.conf")
        #expect(try manager.systemctl("daemon-reload").code == 0)

        // Stopped, the socket still listens: the next query starts it again.
        #expect(try manager.systemctl("stop", "venued.service").code == 0)
        #expect(try manager.property("venued.service", "ActiveState") == "inactive")
        #expect(access(promptDirectory, F_OK) != 0, "the prompt files outlived the service")
        #expect(try manager.property("venued.socket", "ActiveState") == "active")
        let again = try manager.run(venuectl, ["status"])
        #expect(again.code == 0, "\(again.output)")
        let pidAgain = try manager.property("venued.service", "MainPID")
        #expect(pidAgain != "0" && pidAgain != watched)
        #expect(try manager.property("venued.service", "ActiveState") == "active")
        return score
    }

    /// What stays under the home after an uninstall: the user data the README names, the
    /// files this test wrote, the skeleton's dotfiles.
    static func leftovers(_ manager: UserManager) -> Set<String> {
        let expected: Set<String> = [".cache/venued/venues.json", ".cache/venued/venues.meta", ".cache/venued/menus/state.json", ".config/venued/config",
                                     ".config/systemd/user/venued.service.d/log.conf", "venued.log"]
        return files(under: manager.home).subtracting(expected).filter { access("/etc/skel/" + $0, F_OK) != 0 }
    }

    @Test(.enabled(if: UserManager.unavailable == nil, "\(UserManager.unavailable ?? "")"))
    func makeInstallUnderARealUserManager() throws {
        let manager = try UserManager()
        defer { manager.stop() }
        let server = try ScriptedHTTPServer()
        defer { server.stop() }
        server.set("/primary", .init(body: Feeds.current()))
        // As the user would: make install-files into ~/.local, from the built binaries.
        let prefix = manager.home + "/.local"
        let make = try manager.run("/usr/bin/make", ["-C", Self.package, "install-files", "BUILT=\(Self.builtDirectory)", "PREFIX=\(prefix)"])
        #expect(make.code == 0, "\(make.output)")
        let installed = Self.files(under: prefix)
        #expect(installed.contains("share/systemd/user/venued.service") && installed.contains("bin/venued"))
        #expect(try manager.systemctl("daemon-reload").code == 0)
        #expect(try manager.property("venued.service", "FragmentPath") == prefix + "/share/systemd/user/venued.service")

        try Self.exercise(manager, venuectl: prefix + "/bin/venuectl", server: server)

        let uninstall = try manager.run("/usr/bin/make", ["-C", Self.package, "uninstall", "PREFIX=\(prefix)"])
        #expect(uninstall.code == 0, "\(uninstall.output)")
        #expect(uninstall.output.contains("rm -rf ~/.cache/venued ~/.config/venued"))
        #expect(try manager.property("venued.service", "ActiveState") == "inactive")
        #expect(try manager.property("venued.socket", "ActiveState") == "inactive")
        #expect(try manager.property("venued.service", "LoadState") == "not-found")
        #expect(access(manager.runtime + "/venued", F_OK) != 0, "the socket or its directory was left in the runtime directory")
        #expect(Self.leftovers(manager).isEmpty, "left behind: \(Self.leftovers(manager).sorted())")
    }

    /// venued-notify.service as `make install` writes it, under a real user manager, with
    /// a session bus where the manager keeps it ($XDG_RUNTIME_DIR/bus, no address in the
    /// environment) and no notification server on it: the unit starts, pulls in
    /// venued.socket, says once that no server answers, stays up, and stops.
    @Test(.enabled(if: UserManager.unavailable == nil && access("/usr/bin/dbus-daemon", X_OK) == 0,
                   "\(UserManager.unavailable ?? "needs dbus-daemon (Debian package dbus-daemon)")"))
    func notifyUnitUnderARealUserManager() throws {
        let manager = try UserManager()
        defer { manager.stop() }
        let prefix = manager.home + "/.local"
        let make = try manager.run("/usr/bin/make", ["-C", Self.package, "install-files", "BUILT=\(Self.builtDirectory)", "PREFIX=\(prefix)"])
        #expect(make.code == 0, "\(make.output)")
        let log = manager.home + "/notify.log"
        try manager.write("[Service]\nStandardOutput=append:\(log)\nStandardError=append:\(log)\n",
                          to: manager.home + "/.config/systemd/user/venued-notify.service.d/log.conf")
        #expect(try manager.systemctl("daemon-reload").code == 0)
        let bus = try manager.run("/usr/bin/systemd-run", ["--user", "--unit=test-session-bus", "/usr/bin/dbus-daemon", "--session",
                                                          "--address=unix:path=\(manager.runtime)/bus", "--nofork", "--nopidfile"])
        #expect(bus.code == 0, "\(bus.output)")
        #expect(manager.wait(seconds: 10) { access(manager.runtime + "/bus", F_OK) == 0 }, "\(manager.managerLog)")

        let start = try manager.systemctl("start", "venued-notify.service")
        #expect(start.code == 0, "\(start.output)")
        var output: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        #expect(manager.wait(seconds: 20) { !output.isEmpty }, "\(manager.managerLog)")
        #expect(output.hasPrefix("venued-notify: no notification server answers on the session bus (org.freedesktop.DBus.Error."), "\(output)")
        #expect(output.hasSuffix("; notifications wait for it, retrying up to every 10 min\n") && output.split(separator: "\n").count == 1, "\(output)")
        #expect(try manager.property("venued-notify.service", "ActiveState") == "active")
        #expect(try manager.property("venued.socket", "ActiveState") == "active")
        #expect(try manager.systemctl("stop", "venued-notify.service").code == 0)
        #expect(try manager.property("venued-notify.service", "ActiveState") == "inactive")
    }

    /// The .deb that .ci/run builds (VENUED_DEB), installed with apt-get, run by a user,
    /// removed with apt-get.
    static let deb = ProcessInfo.processInfo.environment["VENUED_DEB"] ?? ""
    static var debUnavailable: String? {
        if let reason = UserManager.unavailable { return reason }
        if deb.isEmpty { return "set VENUED_DEB to a venued .deb (.ci/run builds one with make deb)" }
        if access(deb, R_OK) != 0 { return "VENUED_DEB=\(deb) cannot be read" }
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/apt-get") { return "needs apt-get" }
        if access("/usr/bin/venued", F_OK) == 0 { return "/usr/bin/venued exists: a venued is installed here already" }
        return nil
    }

    @Test(.enabled(if: debUnavailable == nil, "\(debUnavailable ?? "")"))
    func debUnderARealUserManager() throws {
        let environment = ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "DEBIAN_FRONTEND": "noninteractive"]
        let debPath = Self.deb.hasPrefix("/") ? Self.deb : FileManager.default.currentDirectoryPath + "/" + Self.deb
        let recommends = try Self.tool("/usr/bin/dpkg-deb", ["--field", debPath, "Recommends"]).output
        #expect(recommends == "bash-completion\n", "bash loads the packaged completions only with bash-completion: \(recommends)")
        // libsystemd.so.0 is loaded with dlopen (venued-notify), libcurl.so.4 too (venued): no NEEDED entry names them.
        let depends = try Self.tool("/usr/bin/dpkg-deb", ["--field", debPath, "Depends"]).output
        #expect(depends.contains("libsystemd0") && depends.contains("libcurl4"), "\(depends)")
        let install = try Self.tool("/usr/bin/apt-get", ["install", "-y", "-q", "--no-install-recommends", debPath],
                                    environment: environment, timeout: 600)
        defer { _ = try? Self.tool("/usr/bin/dpkg", ["--purge", "venued"], environment: environment, timeout: 120) }
        try #require(install.code == 0, "\(install.output)")
        let listed = try Self.tool("/usr/bin/dpkg", ["-L", "venued"]).output.split(separator: "\n").map(String.init)
        let packaged = listed.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        for path in ["/usr/bin/venued", "/usr/bin/venuectl", "/usr/bin/venued-notify", "/usr/lib/systemd/user/venued.service",
                     "/usr/lib/systemd/user/venued.socket", "/usr/lib/systemd/user/venued-notify.service",
                     "/usr/share/man/man1/venuectl.1.gz", "/usr/share/man/man1/venued-notify.1.gz", "/usr/share/man/man8/venued.8.gz", "/usr/share/doc/venued/copyright",
                     "/usr/share/bash-completion/completions/venuectl", "/usr/share/zsh/vendor-completions/_venuectl",
                     "/usr/share/fish/vendor_completions.d/venuectl.fish", "/usr/share/doc/venued/README.md.gz",
                     "/usr/share/doc/venued/integrations.md.gz"] {
            #expect(packaged.contains(path), "\(path) not in the package")
        }
        let unit = try String(contentsOfFile: "/usr/lib/systemd/user/venued.service", encoding: .utf8)
        #expect(unit.contains("ExecStart=/usr/bin/venued\n"))

        let manager = try UserManager()
        defer { manager.stop() }
        let server = try ScriptedHTTPServer()
        defer { server.stop() }
        server.set("/primary", .init(body: Feeds.current()))
        #expect(try manager.property("venued.service", "FragmentPath") == "/usr/lib/systemd/user/venued.service")

        try Self.exercise(manager, venuectl: "/usr/bin/venuectl", server: server)

        // The user stops it (README), then root removes the package.
        #expect(try manager.systemctl("disable", "--now", "venued.socket", "venued.service").code == 0)
        #expect(access(manager.runtime + "/venued/venued.sock", F_OK) != 0, "RemoveOnStop= left the socket")
        let remove = try Self.tool("/usr/bin/apt-get", ["remove", "-y", "-q", "venued"], environment: environment, timeout: 300)
        #expect(remove.code == 0, "\(remove.output)")
        for path in packaged { #expect(access(path, F_OK) != 0, "\(path) left behind by apt-get remove") }
        let state = try Self.tool("/usr/bin/dpkg-query", ["-W", "-f", "${db:Status-Status}", "venued"])
        // Unknown to dpkg (code 1), or known as not installed: no config-files state either.
        #expect(state.code == 1 || state.output == "not-installed", "\(state.output)")
        #expect(try manager.systemctl("daemon-reload").code == 0)
        #expect(try manager.property("venued.service", "LoadState") == "not-found")
        #expect(Self.leftovers(manager).isEmpty, "left behind: \(Self.leftovers(manager).sorted())")
    }
}
