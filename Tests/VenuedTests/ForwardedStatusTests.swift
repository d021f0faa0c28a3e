import Foundation
import Testing
import VenuedProtocol

/// The prompt's path: `venuectl status` forwarded whole to venued (`"cmd":"venuectl"`),
/// parsed and rendered there by the same code, and the ordinary path whenever that
/// cannot answer.
@Suite struct ForwardedStatusPath {
    let home = DaemonProcess.Home()

    @Test func venuectlForwardsItsArgumentsAndOnlyTheVariablesStatusReads() throws {
        let stub = try StubSocket(path: home.root + "/stub.sock", reply: #"{"ok":true,"source":"primary","text":"forwarded\n"}"# + "\n")
        defer { stub.stop() }
        let run = try VenuectlRunner.run(["status", "--format", "prompt", "--favorites"], home: home,
                                         environment: ["VENUED_SOCKET": stub.path, "NO_COLOR": "1", "SECRET": "x"])
        #expect(run.code == 0 && run.stdout == "forwarded\n" && run.stderr.isEmpty)
        let request = try #require(stub.received.first.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) } as? [String: Any])
        #expect(request["cmd"] as? String == "venuectl" && request["v"] as? Int == 1 && request["tty"] as? Bool == false)
        #expect(request["args"] as? [String] == ["--format", "prompt", "--favorites"])
        let environment = try #require(request["env"] as? [String: String])
        #expect(Set(environment.keys).isSubset(of: Set(ForwardedStatus.environmentNames)) && environment["NO_COLOR"] == "1")
        #expect(environment["XDG_CONFIG_HOME"] == home.environment["XDG_CONFIG_HOME"])
    }

    @Test func whatOnlyVenuectlCanDoIsNotForwarded() throws {
        let stub = try StubSocket(path: home.root + "/stub.sock", reply: #"{"ok":true,"source":"primary","text":"forwarded\n"}"# + "\n")
        defer { stub.stop() }
        for arguments in [["info"], ["status", "--help"], ["status", "--socket", stub.path], ["status", "--data=/nonexistent"]] {
            _ = try VenuectlRunner.run(arguments, home: home, environment: ["VENUED_SOCKET": stub.path])
        }
        // info and status --socket asked the stub the ordinary way; nothing was forwarded.
        #expect(stub.received.count == 2 && !stub.received.contains { $0.contains(#""cmd":"venuectl""#) }, "\(stub.received)")
    }

    /// An answer venued sent but venuectl could not write is venuectl's error (exit 74)
    /// on the prompt's path too. A closed stdout must not lend its number to the socket,
    /// or the answer would be written back to venued and the exit would be 0.
    @Test func anAnswerThatCannotBeWrittenIsAnErrorOnThePromptsPath() throws {
        let stub = try StubSocket(path: home.root + "/stub.sock", reply: #"{"ok":true,"source":"primary","text":"forwarded\n"}"# + "\n")
        defer { stub.stop() }
        for (redirect, reason) in [(">/dev/full", "No space left on device"), (">&-", "Bad file descriptor")] {
            let run = try VenuectlRunner.run(["status", "--format", "prompt"], home: home, environment: ["VENUED_SOCKET": stub.path],
                                             stdoutRedirect: redirect)
            #expect(run.code == 74 && run.stderr == "venuectl: cannot write the answer: \(reason)\n", "\(redirect): \(run.stderr)")
        }
        #expect(stub.received.count == 2 && stub.received.allSatisfy { $0.contains(#""cmd":"venuectl""#) }, "\(stub.received)")
    }

    /// A file a request names is read by venued, and its content never comes back over
    /// the socket: an error names the file and the line.
    @Test func aFileARequestNamesIsNeverQuotedBack() throws {
        let daemon = try DaemonProcess(home: home, arguments: ["--primary-url", "http://127.0.0.1:9/none", "--backup-url", "http://127.0.0.1:9/none", "--timeout", "1"])
        defer { daemon.stop() }
        let secret = home.root + "/credentials"
        try "token = SECRET-abc123\nSECRET-line-two\n".write(toFile: secret, atomically: true, encoding: .utf8)
        let named = try daemon.request(#"{"v":1,"cmd":"status","favorites":true,"favorites_file":"\#(secret)"}"#)
        #expect(named["ok"] as? Bool == false && (named["error"] as? String)?.hasPrefix("\(secret):1: not a venue id") == true, "\(named)")
        // The forwarded command line's files: favorites and venuectl.conf under its XDG_CONFIG_HOME.
        let config = home.root + "/client-config"
        mkdirs(config + "/venued")
        try FileManager.default.copyItem(atPath: secret, toPath: config + "/venued/favorites")
        let body = try JSONSerialization.data(withJSONObject: ["v": 1, "cmd": "venuectl", "args": ["--favorites"], "env": ["XDG_CONFIG_HOME": config], "tty": false])
        let forwarded = try daemon.request(String(decoding: body, as: UTF8.self))
        #expect(forwarded["ok"] as? Bool == false && (forwarded["error"] as? String)?.contains("favorites:1: not a venue id") == true, "\(forwarded)")
        try "SECRET-line-one\n".write(toFile: config + "/venued/venuectl.conf", atomically: true, encoding: .utf8)
        let conf = try daemon.request(String(decoding: body, as: UTF8.self))
        #expect(conf["ok"] as? Bool == false && (conf["error"] as? String)?.contains("venuectl.conf:1: not a 'key = value' line") == true, "\(conf)")
        for answer in [named, forwarded, conf] {
            #expect(!"\(answer)".contains("SECRET"), "\(answer)")
        }
    }

    @Test func venuedParsesAndRendersWithTheClientsFilesAndTerminal() throws {
        let daemon = try DaemonProcess(home: home, arguments: ["--primary-url", "http://127.0.0.1:9/none", "--backup-url", "http://127.0.0.1:9/none", "--timeout", "1"])
        defer { daemon.stop() }
        // The client's config file, named by the forwarded XDG_CONFIG_HOME, picks the format.
        let config = home.root + "/client-config"
        mkdirs(config + "/venued")
        try "format = tmux\n".write(toFile: config + "/venued/venuectl.conf", atomically: true, encoding: .utf8)
        let request = { (arguments: [String], environment: [String: String], tty: Bool) throws -> [String: Any] in
            let body = try JSONSerialization.data(withJSONObject: ["v": 1, "cmd": "venuectl", "args": arguments, "env": environment, "tty": tty])
            return try daemon.request(String(decoding: body, as: UTF8.self))
        }
        let tmux = try request(["falk"], ["XDG_CONFIG_HOME": config], false)
        #expect(tmux["ok"] as? Bool == true && (tmux["text"] as? String)?.hasPrefix("#[bg=#303030] #[fg=") == true, "\(tmux)")
        let colour = try request(["falk", "--format", "plain"], ["TERM": "xterm"], true)
        #expect((colour["text"] as? String)?.contains("\u{1B}[") == true)
        let plain = try request(["falk", "--format", "plain"], ["TERM": "xterm", "NO_COLOR": "1"], true)
        #expect((plain["text"] as? String)?.contains("\u{1B}[") == false && (plain["text"] as? String)?.contains("Falk") == true)
        let refused = try request(["--data", "/x"], [:], false)
        #expect(refused["ok"] as? Bool == false && refused["code"] as? String == "usage")
        let unknown = try request(["nowhere"], [:], false)
        #expect(unknown["code"] as? String == "unknown_venue")
    }

    @Test func aRefusalOnThePromptPathIsPrintedAsVenuectlsOwnErrorAndNotAskedAgain() throws {
        let refusal = #"{"ok":false,"error":"no venue matches 'nowhere'","code":"unknown_venue","venue":"nowhere","suggestions":["Falk"]}"#
        let stub = try StubSocket(path: home.root + "/stub.sock", reply: refusal + "\n")
        defer { stub.stop() }
        let run = try VenuectlRunner.run(["status", "nowhere"], home: home, environment: ["VENUED_SOCKET": stub.path])
        #expect(run.code == 3 && run.stdout.isEmpty && run.stderr == "venuectl: no venue matches 'nowhere': did you mean 'Falk'?\n", "\(run.stderr)")
        // The stub serves connections in turn: once it has the line of one of ours made
        // after venuectl exited, it has read every connection venuectl made.
        let marker = try UnixClient(path: stub.path, timeout: 10)
        try marker.send("marker\n")
        try waitUntil("the stub reading the marker") { stub.received.contains("marker") }
        marker.close()
        #expect(stub.received.filter { $0 != "marker" }.count == 1, "one question, one request: \(stub.received)")
    }

    @Test func venuedRefusesAForwardedCommandLineWithTheLocalRunsWords() throws {
        let daemon = try home.bundledDaemon()
        defer { daemon.stop() }
        mkdirs(home.environment["XDG_CONFIG_HOME"]! + "/venued")
        try "tz = Mars/Base\n".write(toFile: home.environment["XDG_CONFIG_HOME"]! + "/venued/venuectl.conf", atomically: true, encoding: .utf8)
        let forwarded = try VenuectlRunner.run(["status"], home: home)
        let local = try VenuectlRunner.run(["status", "--data", try home.bundledDataFile()], home: home)
        #expect(forwarded.code == 2 && forwarded.stderr.contains("venuectl.conf:1: tz = Mars/Base: unknown time zone"), "\(forwarded.stderr)")
        #expect(forwarded.code == local.code && forwarded.stderr == local.stderr)
    }

    @Test func aBarsErrorIsShownInItsFormatOnThePromptsPathToo() throws {
        let daemon = try home.bundledDaemon()
        defer { daemon.stop() }
        mkdirs(home.environment["XDG_CONFIG_HOME"]! + "/venued")
        try "format = prompt\nsoon = soonish\n".write(toFile: home.environment["XDG_CONFIG_HOME"]! + "/venued/venuectl.conf", atomically: true, encoding: .utf8)
        let forwarded = try VenuectlRunner.run(["status"], home: home)
        let local = try VenuectlRunner.run(["status", "--data", try home.bundledDataFile()], home: home)
        #expect(forwarded.code == 0 && forwarded.stdout == "venuectl: config error\n", "\(forwarded.stdout) \(forwarded.stderr)")
        #expect(forwarded.stderr.contains("venuectl.conf:2: soon = soonish: --soon takes whole minutes"), "\(forwarded.stderr)")
        #expect(forwarded.stdout == local.stdout && forwarded.stderr == local.stderr && local.code == 0)
        // A venue venued does not know, after the command line parsed.
        try FileManager.default.removeItem(atPath: home.environment["XDG_CONFIG_HOME"]! + "/venued/venuectl.conf")
        let venue = try VenuectlRunner.run(["status", "--format", "waybar", "comons"], home: home)
        #expect(venue.code == 0 && venue.stdout.contains(#""text":"venuectl: unknown venue""#), "\(venue.stdout)")
        #expect(venue.stderr.hasPrefix("venuectl: no venue matches 'comons'"), "\(venue.stderr)")
    }
}
