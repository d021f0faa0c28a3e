import Foundation
import Testing
import VenuedProtocol

/// The prompt's path: venuectl parses its own command line and venuectl.conf, reads its
/// own favorites file, and sends venued a structured question (`StatusQuery`): venued
/// never sees an argv, a variable or a path of the client's, and reads no file for it.
@Suite struct PromptPath {
    let home = DaemonProcess.Home()

    @Test func venuectlSendsAQueryWithItsFavoritesAsData() throws {
        let stub = try StubSocket(path: home.root + "/stub.sock", reply: #"{"ok":true,"source":"primary","text":"answered\n"}"# + "\n")
        defer { stub.stop() }
        mkdirs(home.environment["XDG_CONFIG_HOME"]! + "/venued")
        try "593 # 1920 Commons\n1442\n".write(toFile: home.environment["XDG_CONFIG_HOME"]! + "/venued/favorites", atomically: true, encoding: .utf8)
        let run = try VenuectlRunner.run(["status", "--format", "prompt", "--favorites"], home: home,
                                         environment: ["VENUED_SOCKET": stub.path, "NO_COLOR": "1", "SECRET": "x"])
        #expect(run.code == 0 && run.stdout == "answered\n" && run.stderr.isEmpty, "\(run.stderr)")
        let request = try #require(stub.received.first.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) } as? [String: Any])
        #expect(request["cmd"] as? String == "status" && request["render"] as? String == "prompt", "\(request)")
        #expect(request["favorite_ids"] as? [Int] == [593, 1442], "\(request)")
        #expect(request["args"] == nil && request["env"] == nil && request["favorites_file"] == nil, "\(request)")
        #expect(!stub.received.joined().contains(home.root), "no path of the client's is sent: \(stub.received)")
    }

    @Test func venuedReadsNoFileARequestNames() throws {
        let daemon = try DaemonProcess(home: home, arguments: ["--primary-url", "http://127.0.0.1:9/none", "--backup-url", "http://127.0.0.1:9/none", "--timeout", "1"])
        defer { daemon.stop() }
        let secret = home.root + "/credentials"
        try "token = SECRET-abc123\n".write(toFile: secret, atomically: true, encoding: .utf8)
        let named = try daemon.request(#"{"v":1,"cmd":"status","favorites":true,"favorites_file":"\#(secret)"}"#)
        #expect(named["ok"] as? Bool == false && (named["error"] as? String)?.contains("favorites_file") == true, "\(named)")
        #expect(!"\(named)".contains("SECRET"), "\(named)")
        let forwarded = try daemon.request(#"{"v":1,"cmd":"venuectl","args":["--favorites"]}"#)
        #expect(forwarded["ok"] as? Bool == false, "\(forwarded)")
        let ids = try daemon.request(#"{"v":1,"cmd":"status","favorites":true,"favorite_ids":[593]}"#)
        #expect((ids["venues"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [593], "\(ids)")
    }

    /// An answer venued sent but venuectl could not write is venuectl's error (exit 74).
    /// A closed stdout must not lend its number to the socket, or the answer would be
    /// written back to venued and the exit would be 0.
    @Test func anAnswerThatCannotBeWrittenIsAnErrorOnThePromptsPath() throws {
        let stub = try StubSocket(path: home.root + "/stub.sock", reply: #"{"ok":true,"source":"primary","text":"answered\n"}"# + "\n")
        defer { stub.stop() }
        for (redirect, reason) in [(">/dev/full", "No space left on device"), (">&-", "Bad file descriptor")] {
            let run = try VenuectlRunner.run(["status", "--format", "prompt"], home: home, environment: ["VENUED_SOCKET": stub.path],
                                             stdoutRedirect: redirect)
            #expect(run.code == 74 && run.stderr == "venuectl: cannot write the answer: \(reason)\n", "\(redirect): \(run.stderr)")
        }
    }

    /// A venued that accepts and never answers costs the prompt its budget once: no
    /// second question, the local copy at once after it.
    @Test func aSilentVenuedIsAskedOnceWithinThePromptsBudget() throws {
        let stub = try StubSocket(path: home.root + "/stub.sock")
        defer { stub.stop() }
        let run = try VenuectlRunner.run(["status", "--format", "prompt"], home: home, environment: ["VENUED_SOCKET": stub.path])
        #expect(run.code == 0 && !run.stdout.isEmpty, "\(run.stderr)")
        #expect(run.stderr.contains("did not answer within"), "\(run.stderr)")
        let marker = try UnixClient(path: stub.path, timeout: 10)
        try marker.send("marker\n")
        try waitUntil("the stub reading the marker") { stub.received.contains("marker") }
        marker.close()
        #expect(stub.received.filter { $0 != "marker" }.count == 1, "one question, one request: \(stub.received)")
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

    @Test func aConfigErrorHasTheLocalRunsWords() throws {
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
