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

        let installed = ["bin/venued": 0o755, "bin/venuectl": 0o755, "share/systemd/user/venued.service": 0o644,
                         "share/systemd/user/venued.socket": 0o644, "share/man/man1/venuectl.1": 0o644, "share/man/man8/venued.8": 0o644,
                         "share/bash-completion/completions/venuectl": 0o644, "share/zsh/site-functions/_venuectl": 0o644,
                         "share/fish/vendor_completions.d/venuectl.fish": 0o644]
        for (path, mode) in installed {
            let attributes = try FileManager.default.attributesOfItem(atPath: prefix + "/" + path)
            #expect((attributes[.posixPermissions] as? Int) == mode, "\(path)")
        }
        // The installed bash completion loads and completes a command name.
        let completion = try Self.tool("/bin/bash", ["-c", "source \(prefix)/share/bash-completion/completions/venuectl && complete -p venuectl"])
        #expect(completion.code == 0 && completion.output.contains("venuectl"), "\(completion.output)")
        let service = try String(contentsOfFile: prefix + "/share/systemd/user/venued.service", encoding: .utf8)
        #expect(service.contains("ExecStart=\(prefix)/bin/venued\n") && !service.contains("@BINDIR@"))

        // systemd's own check, man pages included (MANPATH finds the installed ones).
        let units = ["venued.socket", "venued.service"].map { prefix + "/share/systemd/user/" + $0 }
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
}
