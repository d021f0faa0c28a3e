import Glibc
import Testing
import VenuectlApp

/// The largest answer venued sends is the held feed, quoted: a feed near the fetch cap whose strings are all
/// escapes doubles in size, and venuectl's reader must still take it whole.
@Suite struct LargestAnswer {
    @Test func aFeedNearTheFetchCapFullOfEscapesStillReachesVenuectlsReader() throws {
        let home = DaemonProcess.Home()
        let server = try ScriptedHTTPServer()
        // 3.5 MB of `\"` in a field the decoder ignores: 7 MB once venued quotes it.
        let padding = String(repeating: #"\""#, count: 1_750_000)
        var feed = Feeds.current(name: "Padded Commons")
        feed.replaceSubrange(1..<2, with: Array(#"{"padding":"\#(padding)","#.utf8))
        server.set("/primary", .init(body: feed))
        let daemon = try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/backup"), "--timeout", "5",
        ])
        defer { daemon.stop(); server.stop() }
        _ = try daemon.waitForInfo { $0["source"] as? String == "primary" }
        // Through venuectl's own client, with time to spare: what is tested is the size, not the speed of a
        // debug build (a release venuectl takes this in well under its 1 s budget).
        let connection = DaemonConnection(flag: home.socketPath, environment: [:], uid: getuid())
        let answer = try connection.exchange(#"{"v":1,"cmd":"feed"}"#, timeout: 30).get()
        #expect(answer.ok && answer.line.utf8.count > 7_000_000)
        guard case .string(let text)? = answer.value["feed"] else { throw TestFailure("no feed in the answer") }
        #expect(Array(text.utf8) == feed)
    }
}
