import Foundation
import Testing

/// An upstream that writes terminal escapes into what venued relays: the body of an
/// HTTP error (shown by `info` and `refresh`, logged), the message of an `{"error":...}`
/// answer, and the venue names of a feed it serves (rendered by venued for the prompt,
/// the bars and `watch`). None of the controls reaches venuectl's output or the log.
@Suite struct HostileUpstreamText {
    let server: ScriptedHTTPServer
    let home = DaemonProcess.Home()

    init() throws { server = try ScriptedHTTPServer() }

    /// OSC 52 (clipboard) ended by BEL, a title ended by ST, clear screen, an 8-bit CSI
    /// (both as U+009B and as a lone 0x9B byte), CRLF, NUL, RLO and an isolate.
    static let payload: [UInt8] = Array("\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}]0;title\u{1B}\\\u{1B}[2J\u{9B}31m".utf8) + [0x9B]
        + Array("\r\n\u{0}\u{202E}desrever\u{2066}x".utf8)

    /// What a terminal or the bidi algorithm would act on: every C0 control but `\n`,
    /// DEL, C1, the bidi embeddings, overrides and isolates.
    static func controls(in bytes: [UInt8]) -> [String] {
        guard let text = String(validating: bytes, as: UTF8.self) else { return ["invalid UTF-8"] }
        return text.unicodeScalars.enumerated().compactMap { offset, scalar in
            switch scalar.value {
            case 0x0A: return nil
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069:
                return "U+\(String(scalar.value, radix: 16, uppercase: true)) at scalar \(offset)"
            default: return nil
            }
        }
    }

    static func bytes(_ path: String) -> [UInt8] { FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? [] }

    func venuectl(_ arguments: [String]) throws -> (run: VenuectlRunner.Run, out: [UInt8], err: [UInt8]) {
        let run = try VenuectlRunner.run(arguments, home: home, environment: ["NO_COLOR": "1"])
        return (run, run.stdoutBytes, run.stderrBytes)
    }

    func expectClean(_ result: (run: VenuectlRunner.Run, out: [UInt8], err: [UInt8]), _ label: String) {
        #expect(Self.controls(in: result.out).isEmpty && Self.controls(in: result.err).isEmpty,
                "\(label): \(Self.controls(in: result.out + result.err)): \(result.run.stdout.debugDescription) \(result.run.stderr.debugDescription)")
    }

    @Test func anErrorBodyFullOfEscapesReachesInfoRefreshAndTheLogAsText() throws {
        server.set("/primary", .init(status: 500, body: Array("<h1>".utf8) + Self.payload, contentType: "text/html"))
        let error = #"{"error":"down \u001b]0;owned\u0007\u009b2J\u202e now"}"#
        server.set("/backup", .init(status: 200, body: Array(error.utf8)))
        let daemon = try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/backup"), "--timeout", "2",
        ])
        defer { daemon.stop(); server.stop() }
        _ = try daemon.waitForInfo { $0["last_error"] is String }

        let info = try venuectl(["info"])
        #expect(info.run.code == 0, "\(info.run.stderr)")
        #expect(info.run.stdout.contains("HTTP 500: <h1>]52;c;cHduZWQ=]0;title\\[2J31m"), "\(info.run.stdout.debugDescription)")
        #expect(info.run.stdout.contains("the server reported an error instead of venues: down ]0;owned2J now"))
        expectClean(info, "info")
        expectClean(try venuectl(["info", "--json"]), "info --json")
        let refresh = try venuectl(["refresh"])
        #expect(refresh.run.code == 7 && refresh.run.stderr.contains("HTTP 500: <h1>]52;c;"), "\(refresh.run.stderr)")
        expectClean(refresh, "refresh")

        daemon.stop()
        let log = Self.bytes(daemon.stderrPath)
        #expect(String(decoding: log, as: UTF8.self).contains("HTTP 500: <h1>]52;c;"), "\(String(decoding: log, as: UTF8.self))")
        #expect(Self.controls(in: log).isEmpty, "the log: \(Self.controls(in: log))")
    }

    @Test func venuedRendersAHostileFeedWithoutItsControls() throws {
        // The payload as a feed writes it: JSON escapes, then raw C1 and bidi characters.
        let name = #"Test Commons\u001b]52;c;cHduZWQ=\u0007\u001b]0;title\u001b\\\u001b[2J\u009b31m"#
            + "\u{9B}\u{202E}" + #"\r\n\u0000\u202edesrever\u2066x"#
        server.set("/primary", .init(body: Feeds.current(name: name)))
        server.set("/backup", .init(status: 500))
        let daemon = try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/backup"), "--timeout", "2",
        ])
        defer { daemon.stop(); server.stop() }
        _ = try daemon.waitForInfo { $0["source"] as? String == "primary" }
        for format in ["plain", "prompt", "tmux", "polybar", "i3blocks", "waybar", "json"] {
            let status = try venuectl(["status", "--format", format])
            #expect(status.run.code == 0 && status.run.stderr.isEmpty, "\(format): \(status.run.stderr)")
            #expect(status.run.stdout.contains("Test Commons]52;c;cHduZWQ="), "\(format): \(status.run.stdout.debugDescription)")
            expectClean(status, "status --format \(format) through venued")
        }
        expectClean(try venuectl(["watch", "--count", "1", "--format", "prompt"]), "watch through venued")
        expectClean(try venuectl(["is-open", "test commons"]), "is-open through venued")
        daemon.stop()
        #expect(Self.controls(in: Self.bytes(daemon.stderrPath)).isEmpty)
    }
}
