import Foundation
import Glibc
import Testing

/// The prompt-file snippets of docs/integrations.md, taken from the document itself and
/// run in real interactive shells inside tmux: the processes each prompt costs, counted
/// with strace on the shell (none with the prompt file; at least one with venuectl's
/// snippets), and the text the prompt shows right after a transition.
@Suite(.enabled(if: RealConsumers.have("tmux", "strace"), "needs tmux and strace (Debian packages; .ci/run installs them)"))
struct PromptShells {
    @Test(.enabled(if: RealConsumers.have("bash"), "needs bash"))
    func bashReadsThePromptFileWithNoProcess() throws { try measure(.bash) }

    @Test(.enabled(if: RealConsumers.have("zsh"), "needs zsh (Debian's zsh package; .ci/run installs it)"))
    func zshReadsThePromptFileWithNoProcess() throws { try measure(.zsh) }

    @Test(.enabled(if: RealConsumers.have("fish"), "needs fish (Debian's fish package; .ci/run installs it)"))
    func fishReadsThePromptFileWithNoProcess() throws { try measure(.fish) }

    /// Prompts drawn while strace watches, for each snippet.
    static let prompts = 8

    private func measure(_ shell: PromptShell) throws {
        let session = ConsumerSession()
        try session.home.writeConfig("prompt.dining = --format prompt --favorites\n")
        _ = try session.write("638\n", to: "config/venued/favorites")    // Falk Kosher Dining
        // venued's clock stands eight seconds before Falk closes (14:00 in the bundled week).
        let closes = 1_695_060_000
        let offset = closes - 8 - Int(Date().timeIntervalSince1970)
        let instant = Date(timeIntervalSince1970: Double(closes - offset))
        let daemon = try DaemonProcess(home: session.home, arguments: [
            "--primary-url", "http://127.0.0.1:9/none", "--backup-url", "http://127.0.0.1:9/none", "--timeout", "1",
            "--clock-offset", "\(offset)",
        ])
        defer { daemon.stop() }
        let file = session.home.root + "/run/venued/prompt/dining"
        try session.waitFor("the prompt file", tries: 200, interval: 0.02) { FileManager.default.fileExists(atPath: file) }

        let tmux = try Tmux(session: session)
        let withFile = try tmux.start(shell, snippet: shell.fileSnippet())
        let first = try tmux.waitForPrompts(withFile, 1)
        #expect(first.last?.contains("(Falk Kosher Dining closes in 1 min") == true, "\(first)")

        // Right after the instant, the next prompt says what changed.
        let wait = instant.timeIntervalSinceNow + 1
        if wait > 0 { usleep(useconds_t(wait * 1_000_000)) }
        let after = try tmux.enter(withFile, expecting: 2)
        #expect(after.last?.contains("(Falk Kosher Dining opens 5:30pm") == true, "\(after)")

        let fromFile = try tmux.countProcesses(withFile, prompts: Self.prompts, from: 2)
        #expect(fromFile.processes == 0 && fromFile.execs == 0, "\(shell.name) with the prompt file: \(fromFile)")

        let withVenuectl = try tmux.start(shell, snippet: shell.venuectlSnippet())
        let shown = try tmux.waitForPrompts(withVenuectl, 1)
        #expect(shown.last?.contains("(Falk Kosher Dining opens 5:30pm") == true, "\(shown)")
        let fromVenuectl = try tmux.countProcesses(withVenuectl, prompts: Self.prompts, from: 1)
        #expect(fromVenuectl.execs >= Self.prompts && fromVenuectl.processes >= Self.prompts, "\(shell.name) with venuectl: \(fromVenuectl)")
    }
}

/// The venuectl snippets of docs/integrations.md when venuectl is not on PATH: the prompt
/// shows `(venuectl?)`, not nothing, which would read as "no venues".
@Suite struct PromptSnippetsWithoutVenuectl {
    @Test(.enabled(if: RealConsumers.have("bash"), "needs bash"))
    func bash() throws { try expectMark(.bash, run: ["--noprofile", "--norc"]) }

    @Test(.enabled(if: RealConsumers.have("zsh"), "needs zsh (Debian's zsh package; .ci/run installs it)"))
    func zsh() throws { try expectMark(.zsh, run: ["-f"]) }

    @Test(.enabled(if: RealConsumers.have("fish"), "needs fish (Debian's fish package; .ci/run installs it)"))
    func fish() throws { try expectMark(.fish, run: ["--no-config"]) }

    /// Runs the snippet, then `__dining`, as a script of `shell` with a PATH that has no venuectl.
    private func expectMark(_ shell: PromptShell, run flags: [String]) throws {
        let scratch = NSTemporaryDirectory() + "dining-snippet-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let script = scratch + "/rc"
        try (try shell.venuectlSnippet() + "__dining\n").write(toFile: script, atomically: true, encoding: .utf8)
        let run = try runProgram(RealConsumers.tool(shell.name)!, flags + [script], environment: ["PATH": scratch, "HOME": scratch],
                                 scratch: scratch, timeout: 30)
        #expect(run.code == 0 && run.stdout == "(venuectl?) ", "\(shell.name): \(run.stdout) \(run.stderr)")
    }
}

/// A shell as the tests start it: its rc file holds a base prompt with a marker and one
/// snippet of docs/integrations.md, and nothing else is read.
struct PromptShell {
    let name: String
    /// The first line of each snippet in docs/integrations.md (its fence's language is `name`).
    let fileSnippetHead: String
    let venuectlSnippetHead: String
    /// What the rc file holds besides the snippet.
    let before: String
    let after: String

    static let marker = "MARK"

    static let bash = PromptShell(name: "bash", fileSnippetHead: #"# ~/.bashrc: venued's prompt file "dining", read with builtins only"#,
                                  venuectlSnippetHead: "# ~/.bashrc", before: "PS1='\(marker)$ '\n", after: "")
    static let zsh = PromptShell(name: "zsh", fileSnippetHead: #"# ~/.zshrc: venued's prompt file "dining", read with builtins only"#,
                                 venuectlSnippetHead: "# ~/.zshrc", before: "PROMPT='\(marker)%# '\n", after: "")
    static let fish = PromptShell(name: "fish", fileSnippetHead: #"# ~/.config/fish/config.fish: venued's prompt file "dining", read with builtins only;"#,
                                  venuectlSnippetHead: "# ~/.config/fish/functions/fish_prompt.fish: call __dining first in your fish_prompt",
                                  before: "", after: "\nfunction fish_prompt; __dining; printf '\(marker)> '; end\n")

    func fileSnippet() throws -> String { try Self.snippet(name, head: fileSnippetHead) }
    func venuectlSnippet() throws -> String { try Self.snippet(name, head: venuectlSnippetHead) }

    /// The command that starts the shell on `rc` (in a directory of its own: zsh reads `$ZDOTDIR/.zshrc`).
    func command(rc: String) -> [String] {
        switch name {
        case "bash": return [RealConsumers.tool("bash")!, "--noprofile", "--rcfile", rc, "-i"]
        case "zsh": return ["env", "ZDOTDIR=" + URL(fileURLWithPath: rc).deletingLastPathComponent().path, RealConsumers.tool("zsh")!, "-d", "-i"]
        default: return [RealConsumers.tool("fish")!, "--no-config", "-C", "source " + rc, "-i"]
        }
    }

    var rcName: String { name == "zsh" ? ".zshrc" : "rc" }

    /// The code block of docs/integrations.md in `language` whose first line is `head`.
    static func snippet(_ language: String, head: String) throws -> String {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/integrations.md").path
        let text = try String(contentsOfFile: docs, encoding: .utf8)
        for block in text.components(separatedBy: "```" + language + "\n").dropFirst() {
            guard let body = block.components(separatedBy: "\n```").first,
                  let first = body.split(separator: "\n", omittingEmptySubsequences: false).first,
                  first == head else { continue }
            return body + "\n"
        }
        throw TestFailure("docs/integrations.md has no \(language) block starting '\(head)'")
    }
}

/// One tmux server for a test, with a session per shell; every wait is bounded.
struct Tmux {
    let session: ConsumerSession
    let socket = "venued-prompt-" + UUID().uuidString.prefix(8)
    var environment: [String: String] { ["TMUX_TMPDIR": session.home.root, "TERM": "xterm"] }

    /// Starts the server in the foreground (-D), ended by the test: a daemonized one would
    /// keep Foundation's wait for the client that started it open.
    init(session: ConsumerSession) throws {
        self.session = session
        let (tmux, socket, environment) = (RealConsumers.tool("tmux")!, socket, ["TMUX_TMPDIR": session.home.root])
        try session.start([tmux, "-L", socket, "-f", "/dev/null", "-D"], log: "\(socket).log", environment: environment)
        session.cleanups.append { session in _ = try? session.run([tmux, "-L", socket, "kill-server"], timeout: 5, environment: environment) }
        try session.waitFor("tmux's socket", tries: 100, interval: 0.05) {
            FileManager.default.fileExists(atPath: session.home.root + "/tmux-\(getuid())/" + socket)
        }
    }

    /// A session running `shell` on an rc file of the base prompt and `snippet`; its name.
    func start(_ shell: PromptShell, snippet: String) throws -> String {
        let name = "s" + UUID().uuidString.prefix(6)
        let rc = try session.write(shell.before + snippet + shell.after, to: "\(name)/\(shell.rcName)")
        try run(["new-session", "-d", "-s", name, "-x", "200", "-y", "60"] + shell.command(rc: rc))
        return name
    }

    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        try session.run([RealConsumers.tool("tmux")!, "-L", socket] + arguments, environment: environment)
    }

    /// The pane's lines that hold the prompt's marker, once there are `count`.
    func waitForPrompts(_ name: String, _ count: Int) throws -> [String] {
        var pane: [String] = []
        var lines: [String] { pane.filter { $0.contains(PromptShell.marker) } }
        try session.waitFor("\(count) prompts in \(name) (the pane: \(pane))", tries: 500, interval: 0.02) {
            pane = try run(["capture-pane", "-p", "-t", name, "-S", "-500"]).split(separator: "\n").map(String.init)
            return lines.count >= count
        }
        return lines
    }

    /// Presses Enter and waits for prompt number `expecting`.
    func enter(_ name: String, expecting count: Int) throws -> [String] {
        try run(["send-keys", "-t", name, "Enter"])
        return try waitForPrompts(name, count)
    }

    struct Count: CustomStringConvertible {
        /// New processes (fork, vfork, clone without CLONE_THREAD) and programs run.
        var processes = 0, execs = 0, threads = 0
        var description: String { "\(processes) processes, \(execs) execs, \(threads) threads" }
    }

    /// Draws `prompts` prompts (Enter each time, waiting for each) while strace follows
    /// the shell and whatever it starts. `from` is the number of prompts drawn already.
    func countProcesses(_ name: String, prompts: Int, from drawn: Int) throws -> Count {
        let pid = try run(["display-message", "-p", "-t", name, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let trace = session.home.root + "/strace-\(name)"
        let strace = try session.start([RealConsumers.tool("strace")!, "-f", "-qq", "-e", "trace=clone,clone3,fork,vfork,execve",
                                        "-o", trace, "-p", pid], log: "strace-\(name).log")
        try session.waitFor("strace attached to \(pid)", tries: 250, interval: 0.02) {
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            return status.split(separator: "\n").contains { $0.hasPrefix("TracerPid:") && !$0.hasSuffix("\t0") }
        }
        for index in 1...prompts { _ = try enter(name, expecting: drawn + index) }
        kill(strace.processIdentifier, SIGINT)
        for _ in 0..<200 where strace.isRunning { usleep(10_000) }
        var count = Count()
        let text = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") where !line.contains("resumed>") {
            if line.contains(" execve(") { count.execs += 1 }
            if line.contains(" fork(") || line.contains(" vfork(") { count.processes += 1 }
            if line.contains(" clone(") || line.contains(" clone3(") {
                if line.contains("CLONE_THREAD") { count.threads += 1 } else { count.processes += 1 }
            }
        }
        return count
    }
}
