import Foundation
import Glibc
import Testing

/// Prompt files with the real venued: kept current at each transition, atomic, saying
/// so when their line is wrong, following SIGHUP, and gone when venued stops.
@Suite struct PromptFileDaemon {
    let home = DaemonProcess.Home()
    /// Falk Kosher Dining closes at 2023-09-18T14:00-04:00 in the bundled week.
    static let falkCloses = 1_695_060_000
    static let unreachable = ["--primary-url", "http://127.0.0.1:9/none", "--backup-url", "http://127.0.0.1:9/none", "--timeout", "1"]

    var directory: String { home.root + "/run/venued/prompt" }
    func file(_ name: String) -> String { directory + "/" + name }
    func read(_ name: String) -> String? { try? String(contentsOfFile: file(name), encoding: .utf8) }

    /// Polls (every 10 ms, at most `seconds`) until `condition` holds of the text of the
    /// prompt file `name`, or of the file at `path` (nil: no file).
    @discardableResult
    func waitFor(_ name: String = "", path: String? = nil, seconds: Double = 8, _ condition: (String?) -> Bool) throws -> String? {
        let path = path ?? file(name)
        let deadline = Date().addingTimeInterval(seconds)
        var text = try? String(contentsOfFile: path, encoding: .utf8)
        while !condition(text) {
            guard Date() < deadline else { throw TestFailure("\(path) still \(text.map { "'\($0)'" } ?? "absent") after \(seconds) s") }
            usleep(10_000)
            text = try? String(contentsOfFile: path, encoding: .utf8)
        }
        return text
    }

    @Test func theFileChangesAtTheTransitionAndGoesWhenVenuedStops() throws {
        try home.writeConfig("prompt.falk = falk --format prompt\nprompt.lunch = falk --template '{name}: {phrase}'\n")
        // venued's clock stands four seconds before Falk closes.
        let offset = Self.falkCloses - 4 - Int(Date().timeIntervalSince1970)
        let instant = Date(timeIntervalSince1970: Double(Self.falkCloses - offset))
        let daemon = try DaemonProcess(home: home, arguments: Self.unreachable + ["--clock-offset", "\(offset)"])
        // Past the first (failed) refresh, what the text says of the data's age stays as it
        // is, so the next change is the transition's.
        _ = try daemon.waitForInfo { ($0["failures"] as? Int ?? 0) > 0 }
        let before = try waitFor("falk") { $0?.hasSuffix("(old)\n") == true }
        #expect(before?.hasPrefix("Falk Kosher Dining closes in 1 min") == true, "\(before ?? "")")
        #expect(try waitFor("lunch") { $0 != nil } == "Falk Kosher Dining: closes in 1 min\n")

        let after = try waitFor("falk") { $0 != before }
        let changed = Date()
        #expect(after?.hasPrefix("Falk Kosher Dining opens 5:30pm") == true, "\(after ?? "")")
        #expect(changed >= instant, "rewritten \(instant.timeIntervalSince(changed)) s before the transition")
        // The whole point: the prompt drawn right after the instant reads the new text.
        #expect(changed.timeIntervalSince(instant) < 1, "rewritten \(changed.timeIntervalSince(instant)) s after the transition")
        // The files of a round are written one after the other.
        #expect(try waitFor("lunch") { $0 != "Falk Kosher Dining: closes in 1 min\n" } == "Falk Kosher Dining: opens 5:30pm\n")

        var info = stat()
        #expect(lstat(directory, &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(lstat(file("falk"), &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_mode & 0o777 == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["falk", "lunch"])

        #expect(daemon.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: directory), "\(daemon.stderr)")
        #expect(FileManager.default.fileExists(atPath: home.root + "/run/venued"))
    }

    @Test func aBadLineSaysSoInItsFileTheLogAndCheck() throws {
        try home.writeConfig("""
            prompt.good = falk --format prompt
            prompt.bad = --favourites
            prompt.when = falk --at 12:00
            prompt.ghost = comons --format prompt
            prompt.no/file = falk

            """)
        let daemon = try DaemonProcess(home: home, arguments: Self.unreachable)
        defer { daemon.stop() }
        #expect(try waitFor("bad") { $0 != nil } == "venued: bad prompt config\n")
        #expect(try waitFor("when") { $0 != nil } == "venued: bad prompt config\n")
        #expect(try waitFor("ghost") { $0 != nil }?.hasPrefix("venued: no venue matches 'comons'") == true)
        #expect(try waitFor("good") { $0 != nil }?.hasPrefix("Falk Kosher Dining") == true)
        // One log line per bad line, naming its place and its problem.
        let log = daemon.stderr.split(separator: "\n")
        #expect(log.filter { $0.contains("config:2: prompt.bad: unknown option '--favourites'") }.count == 1, "\(daemon.stderr)")
        #expect(log.filter { $0.contains("config:3: prompt.when:") }.count == 1, "\(daemon.stderr)")
        #expect(log.filter { $0.contains("config:5: prompt.no/file:") }.count == 1, "\(daemon.stderr)")
        #expect(log.filter { $0.contains("prompt file ghost: no venue matches 'comons'") }.count == 1, "\(daemon.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["bad", "ghost", "good", "when"])

        let check = try run(DaemonProcess.binary, ["--check"])
        #expect(check.code == 2)
        #expect(check.stdout.contains("prompt files good, ghost in \(directory)"), "\(check.stdout)")
        let problems = check.stderr.split(separator: "\n")
        #expect(problems.count == 3, "\(check.stderr)")
        #expect(problems.first?.hasPrefix("venued: bad prompt config: \(home.configFile):2: prompt.bad: unknown option '--favourites'") == true)
    }

    @Test func checkPassesAGoodConfig() throws {
        try home.writeConfig("refresh = 600\nprompt.dining = --favorites --format prompt\n")
        let check = try run(DaemonProcess.binary, ["--check"])
        #expect(check.code == 0, "\(check.stderr)")
        #expect(check.stdout.contains("config \(home.configFile): prompt files dining in \(directory)"), "\(check.stdout)")
    }

    @Test func sighupFollowsTheNewLines() throws {
        try home.writeConfig("prompt.a = falk --format prompt\nprompt.b = --bad\n")
        let daemon = try DaemonProcess(home: home, arguments: Self.unreachable)
        defer { daemon.stop() }
        try waitFor("a") { $0 != nil }
        try waitFor("b") { $0 == "venued: bad prompt config\n" }
        try home.writeConfig("prompt.b = commons --format prompt\nprompt.c = falk --template '{name}'\n")
        daemon.signal(SIGHUP)
        try waitFor("a") { $0 == nil }
        try waitFor("b") { $0?.hasPrefix("1920 Commons") == true }
        #expect(try waitFor("c") { $0 != nil } == "Falk Kosher Dining\n")
    }

    @Test func whatAKilledVenuedLeftIsRemovedAtTheNextStart() throws {
        try home.writeConfig("prompt.a = falk --format prompt\n")
        let first = try DaemonProcess(home: home, arguments: Self.unreachable)
        try waitFor("a") { $0 != nil }
        first.signal(SIGKILL)
        _ = first.waitForExit()
        // Outside systemd nothing can remove them at a SIGKILL (docs/venued.md, "Prompt files").
        #expect(read("a") != nil)
        try home.writeConfig("")
        let second = try DaemonProcess(home: home, arguments: Self.unreachable)
        defer { second.stop() }
        #expect(read("a") == nil)
    }

    @Test func aSocketGivenByPathHasItsOwnPromptDirectoryAndLeavesAnyOtherAlone() throws {
        // A directory of the user's own, with a `prompt` of theirs in it.
        let mine = home.root + "/mine"
        mkdirs(mine + "/prompt")
        try "keep me\n".write(toFile: mine + "/prompt/notes", atomically: true, encoding: .utf8)
        try home.writeConfig("prompt.a = falk --format prompt\n")
        let daemon = try DaemonProcess(home: home, arguments: Self.unreachable + ["--socket", mine + "/v.sock"], waitForSocket: false)
        try waitFor(path: mine + "/v.sock.prompt/a") { $0?.hasPrefix("Falk Kosher Dining") == true }
        #expect(daemon.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: mine + "/v.sock.prompt"))
        #expect((try? String(contentsOfFile: mine + "/prompt/notes", encoding: .utf8)) == "keep me\n")
    }

    /// A short run of `executable` in the home's environment: exit code, stdout, stderr.
    private func run(_ executable: String, _ arguments: [String]) throws -> (code: Int32, stdout: String, stderr: String) {
        let tag = UUID().uuidString.prefix(8)
        let out = home.root + "/run-\(tag).out", err = home.root + "/run-\(tag).err"
        for path in [out, err] { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = home.environment
        process.standardOutput = FileHandle(forWritingAtPath: out)
        process.standardError = FileHandle(forWritingAtPath: err)
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            throw TestFailure("\(executable) \(arguments) did not exit within 20 s")
        }
        let text = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        return (process.terminationStatus, text(out), text(err))
    }
}
