import DiningHours
import Foundation
import Testing

/// The never-worse rule in the real daemon: a fetched copy that would show users less
/// over the next 15 days is kept out, and one stray far-off date neither wins nor
/// locks later copies out.
@Suite struct NeverWorse {
    let server: ScriptedHTTPServer
    let home = DaemonProcess.Home()

    init() throws { server = try ScriptedHTTPServer() }

    /// A daemon serving fifteen venues from its primary; the backup always fails.
    func startWithFifteenVenues() throws -> DaemonProcess {
        server.set("/primary", .init(body: Feeds.campus(venues: 15)))
        server.set("/backup", .init(status: 500, body: Array("down".utf8), contentType: "text/plain"))
        let daemon = try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/backup"), "--timeout", "2",
        ])
        _ = try daemon.waitForInfo { $0["source"] as? String == "primary" && $0["venues"] as? Int == 15 }
        return daemon
    }

    /// Serves `body` from the primary, refreshes, and returns the primary attempt's detail.
    func refresh(_ daemon: DaemonProcess, with body: [UInt8]) throws -> String {
        server.set("/primary", .init(body: body))
        let refresh = try daemon.request(#"{"v":1,"cmd":"refresh"}"#, timeout: 10)
        let attempts = try #require(refresh["attempts"] as? [[String: Any]])
        return try #require(attempts.first?["detail"] as? String)
    }

    func venueNames(_ daemon: DaemonProcess) throws -> [String] {
        let status = try daemon.request(#"{"v":1,"cmd":"status"}"#)
        return (status["venues"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    @Test func aFarOffDateIsAnOutlierNotCoverage() throws {
        let daemon = try startWithFifteenVenues()
        defer { daemon.stop(); server.stop() }
        let detail = try refresh(daemon, with: Feeds.campus(venues: 15, extraDates: ["2099-12-31"], name: "Outlier"))
        #expect(detail.hasPrefix("adopted"))
        let info = try daemon.request(#"{"v":1,"cmd":"info"}"#)
        #expect((info["coverage"] as? [String: Any])?["last"] as? String == "\(Feeds.today.adding(days: 5))")
        // A correct copy afterwards is not locked out.
        #expect(try refresh(daemon, with: Feeds.campus(venues: 15, name: "Correct")).hasPrefix("adopted"))
        #expect(try venueNames(daemon).first == "Correct 1")
    }

    @Test func oneVenueDoesNotReplaceFifteen() throws {
        let daemon = try startWithFifteenVenues()
        defer { daemon.stop(); server.stop() }
        let detail = try refresh(daemon, with: Feeds.campus(venues: 1, offsets: -1...14, name: "Lonely"))
        #expect(detail.contains("kept the held primary data: it answers for 1 venues"))
        #expect(try venueNames(daemon).count == 15)
    }

    @Test func everyDayClosedDoesNotReplaceOpenDays() throws {
        let daemon = try startWithFifteenVenues()
        defer { daemon.stop(); server.stop() }
        let detail = try refresh(daemon, with: Feeds.campus(venues: 15, closed: true, name: "Closed"))
        #expect(detail.contains("kept the held primary data: it has open hours on 0 venue-days"))
        #expect(try venueNames(daemon).first == "Venue 1")
        let cached = try String(contentsOfFile: home.cacheDirectory + "/venues.json", encoding: .utf8)
        #expect(cached.contains("Venue 1") && !cached.contains("Closed 1"))
    }

    @Test func aCopyEndingSoonerDoesNotReplace() throws {
        let daemon = try startWithFifteenVenues()
        defer { daemon.stop(); server.stop() }
        let detail = try refresh(daemon, with: Feeds.campus(venues: 15, offsets: -4...2, name: "Shorter"))
        #expect(detail.contains("kept the held primary data: it lists 45 venue-days"))
        #expect(try venueNames(daemon).first == "Venue 1")
    }
}
