import Foundation
import Testing

/// `subscribe`: a line at each opening or closing, scheduled from the engine's next
/// transition, and a line when the data changes.
@Suite struct Subscriptions {
    let home = DaemonProcess.Home()

    /// A daemon serving the bundled week whose clock reads `seconds` before `instant`,
    /// and a client connected to it, once its first refresh has failed: from then on
    /// the data's age stays as it is ("refreshes are failing"), so the next push is the
    /// one the test is about. Returns the clock offset too.
    private func subscribed(before instant: Int, by seconds: Int) throws -> (DaemonProcess, UnixClient, Int) {
        let offset = instant - seconds - Int(Date().timeIntervalSince1970)
        let daemon = try DaemonProcess(home: home, arguments: [
            "--primary-url", "http://127.0.0.1:9/none", "--backup-url", "http://127.0.0.1:9/none",
            "--timeout", "1", "--clock-offset", "\(offset)",
        ])
        do {
            _ = try daemon.waitForInfo { ($0["failures"] as? Int ?? 0) > 0 }
            return (daemon, try UnixClient(path: home.socketPath, timeout: 30), offset)
        } catch {
            daemon.stop()
            throw error
        }
    }

    @Test func aSubscriberHearsTheTransitionAFewSecondsAhead() throws {
        // Falk Kosher Dining closes at 2023-09-18T14:00-04:00 in the bundled week;
        // start the daemon's clock ten seconds before that: time for the daemon to start
        // and the snapshot to come before it, even on a loaded machine.
        let closing = 1_695_060_000
        let (daemon, client, offset) = try subscribed(before: closing, by: 10)
        defer { daemon.stop(); client.close() }
        try client.send(#"{"v":1,"cmd":"subscribe","venues":["falk"]}"# + "\n")
        let snapshot = try client.readObject()
        #expect(snapshot["event"] as? String == "snapshot")
        #expect((snapshot["venues"] as? [[String: Any]])?.first?["state"] as? String == "open")
        let pushed = try client.readObject()
        #expect(pushed["event"] as? String == "transition")
        #expect(pushed["at"] as? String == "2023-09-18T14:00:00-04:00")
        #expect((pushed["venues"] as? [[String: Any]])?.first?["state"] as? String == "closed")
        // Not before its instant, on the daemon's clock (load only makes it later).
        #expect(Date().timeIntervalSince1970 + Double(offset) >= Double(closing), "pushed before 14:00")
    }

    @Test func theStartOfACountdownIsPushed() throws {
        // Falk closes at 14:00 New York time: plain text says "closes at 2:00 PM" until
        // 13:00, then counts down ("closes in 1 h"). Start twelve seconds before 13:00.
        let (daemon, client, _) = try subscribed(before: 1_695_060_000 - 3600, by: 12)
        defer { daemon.stop(); client.close() }
        try client.send(#"{"v":1,"cmd":"subscribe","venues":["falk"],"render":"plain","user_tz":"America/New_York"}"# + "\n")
        let snapshot = try client.readObject()
        let before = snapshot["text"] as? String ?? ""
        #expect(before.contains("closes at 2:00 PM") && !before.contains("closes in"), "\(before)")
        let pushed = try client.readObject()
        #expect(pushed["event"] as? String == "transition")
        let after = pushed["text"] as? String ?? ""
        #expect(after.contains("closes in 1 h"), "\(after)")
    }

    @Test func aSubscriberHearsNewData() throws {
        let server = try ScriptedHTTPServer()
        defer { server.stop() }
        let failing = ScriptedHTTPServer.Response(status: 500, body: Array("down".utf8))
        server.set("/primary", failing)
        server.set("/backup", failing)
        let daemon = try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/backup"), "--timeout", "1", "--refresh", "3",
        ])
        defer { daemon.stop() }
        // The first failed refresh changes what the answer says of the data's age: past it.
        _ = try daemon.waitForInfo { ($0["failures"] as? Int ?? 0) > 0 }
        let client = try UnixClient(path: home.socketPath, timeout: 30)
        defer { client.close() }
        try client.send(#"{"v":1,"cmd":"subscribe"}"# + "\n")
        #expect(try client.readObject()["source"] as? String == "bundled")
        server.set("/primary", .init(body: Feeds.current()))
        #expect(try daemon.refreshThroughTheGate()["ok"] as? Bool == true)
        let pushed = try client.readObject()
        #expect(pushed["event"] as? String == "data")
        #expect(pushed["source"] as? String == "primary")
        #expect(try daemon.request(#"{"v":1,"cmd":"info"}"#)["subscribers"] as? Int == 1)
    }
}
