import Foundation
import Testing

/// Feeds an upstream could send to bloat the real daemon: each is refused or trimmed
/// by the decoder's limits, the held data stays served, and venued's peak resident
/// size (VmHWM, from /proc) stays under 64 MB.
@Suite struct HostileFeeds {
    let server: ScriptedHTTPServer
    let home = DaemonProcess.Home()

    init() throws { server = try ScriptedHTTPServer() }

    /// Bodies just under the 4 MB fetch cap, built to make as many JSON values as possible.
    static let bodies: [(String, [UInt8])] = [
        ("empty arrays", Array(("[" + Array(repeating: "[]", count: 1_390_000).joined(separator: ",") + "]").utf8)),
        ("zeros", Array(("[" + Array(repeating: "0", count: 1_990_000).joined(separator: ",") + "]").utf8)),
        ("objects with heap strings", Array(("[" + Array(repeating: #"{"name":"a string of more than fifteen bytes"}"#, count: 80_000).joined(separator: ",") + "]").utf8)),
        ("a valid feed and a million junk elements", Array(Feeds.campus(venues: 15).dropLast()) + Array(String(repeating: ",0", count: 1_000_000).utf8) + [UInt8(ascii: "]")]),
    ]

    @Test func bloatingBodiesAreRefusedAndTheDaemonStaysSmall() throws {
        server.set("/primary", .init(body: Feeds.campus(venues: 15)))
        server.set("/backup", .init(status: 500, body: Array("down".utf8), contentType: "text/plain"))
        let daemon = try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/backup"), "--timeout", "5",
        ])
        defer { daemon.stop(); server.stop() }
        _ = try daemon.waitForInfo { $0["source"] as? String == "primary" && $0["venues"] as? Int == 15 }
        for (name, body) in Self.bodies {
            #expect(body.count < 4 << 20, "\(name) must fit under the fetch cap to reach the decoder")
            server.set("/primary", .init(body: body))
            let refresh = try daemon.request(#"{"v":1,"cmd":"refresh"}"#, timeout: 20)
            let detail = (refresh["attempts"] as? [[String: Any]])?.first?["detail"] as? String ?? "\(refresh)"
            #expect(detail.contains("too large to be a venue list: more than 100000 JSON values"), "\(name): \(detail)")
            let info = try daemon.request(#"{"v":1,"cmd":"info"}"#)
            #expect(info["venues"] as? Int == 15, "\(name)")
            let status = try #require(ProcStatus(pid: daemon.process.processIdentifier))
            print("hostile feed \(name): VmHWM \(status.highWater >> 20) MB, VmRSS \(status.rss >> 20) MB")
            #expect(status.highWater < 64 << 20, "\(name): VmHWM \(status.highWater >> 20) MB")
        }
    }
}
