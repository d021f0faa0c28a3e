import Foundation
import Testing

/// Every `venuectl status` format answered by the real venued over its socket: exactly
/// the local rendering of the same data, the favorites file venuectl names read by the
/// daemon (even when the daemon's own environment points elsewhere), filters and
/// `--near` in the protocol, and each format rendered locally when the daemon is down.
@Suite struct DaemonFormats {
    let home = DaemonProcess.Home()
    let server: ScriptedHTTPServer
    let noon = "\(Feeds.today)T12:00"

    init() throws { server = try ScriptedHTTPServer() }

    func startDaemon(name: String = "Test Commons", environment: [String: String] = [:]) throws -> DaemonProcess {
        server.set("/primary", .init(body: Feeds.current(name: name)))
        server.set("/backup", .init(status: 500, body: Array("oops".utf8), contentType: "text/plain"))
        let daemon = try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/backup"), "--timeout", "2",
        ], environment: environment)
        _ = try daemon.waitForInfo { $0["source"] as? String == "primary" }
        return daemon
    }

    func dataFile(name: String = "Test Commons") throws -> String {
        let path = home.root + "/current.json"
        try Data(Feeds.current(name: name)).write(to: URL(fileURLWithPath: path))
        return path
    }

    func venuectl(_ arguments: [String], environment: [String: String] = [:]) throws -> VenuectlRunner.Run {
        try VenuectlRunner.run(arguments, home: home, environment: environment)
    }

    static let formats: [[String]] = [
        ["--format", "plain"], ["--format", "waybar"], ["--format", "i3blocks"], ["--format", "i3bar"],
        ["--format", "i3status-rs"], ["--format", "polybar"], ["--format", "tmux"], ["--format", "prompt"],
        ["--template", "{id} {name} {state} {changes_in} {walk} {color}"], ["--format", "plain", "--near", "39.9522,-75.1932"],
    ]

    @Test func everyFormatFromTheDaemonIsTheLocalRendering() throws {
        let odd = "Tom & Jerry's <Grill> 100% #1"
        let daemon = try startDaemon(name: odd)
        defer { daemon.stop(); server.stop() }
        let data = try dataFile(name: odd)
        for format in Self.formats {
            let arguments = ["status", "--at", noon] + format
            let viaDaemon = try venuectl(arguments, environment: ["COLUMNS": "44"])
            let viaFile = try venuectl(arguments + ["--data", data], environment: ["COLUMNS": "44"])
            #expect(viaDaemon.code == 0 && viaDaemon.stderr.isEmpty, "\(format): \(viaDaemon.stderr)")
            #expect(!viaDaemon.stdout.isEmpty)
            // Plain's header names the source, so it wraps at another place: compare from the venues on.
            let body = { (run: VenuectlRunner.Run) in
                format.contains("plain") ? run.stdout.range(of: "\n\n").map { String(run.stdout[$0.lowerBound...]) } ?? run.stdout : run.stdout
            }
            #expect(body(viaDaemon) == body(viaFile), "\(format)")
        }
        let waybar = try venuectl(["status", "--at", noon, "--format", "waybar"])
        let module = try #require((try? JSONSerialization.jsonObject(with: Data(waybar.stdout.utf8))) as? [String: Any])
        #expect(module["text"] as? String == "Tom &amp; Jerry's &lt;Grill&gt; 100% #1 open till 10pm" && module["percentage"] as? Int == 100)
        let plain = try venuectl(["status", "--at", noon], environment: ["COLUMNS": "30"])
        #expect(plain.stdout.split(separator: "\n").allSatisfy { $0.count <= 30 } && plain.stdout.contains("…"))
    }

    @Test func theDaemonReadsTheFavoritesFileVenuectlNames() throws {
        // venued's own environment points at another config directory, as a systemd
        // user manager's might: the request names venuectl's file, so the sets agree.
        let daemon = try startDaemon(environment: ["XDG_CONFIG_HOME": home.root + "/elsewhere"])
        defer { daemon.stop(); server.stop() }
        let empty = try venuectl(["status", "--favorites", "--json", "--at", noon])
        #expect(empty.code == 0 && empty.stderr.isEmpty && empty.venues.isEmpty, "\(empty.stderr)")
        let added = try venuectl(["favorites", "add", "test commons"])
        #expect(added.stdout == "added Test Commons (593)\n", "names come from venued's cached copy: \(added.stderr)")
        let shown = try venuectl(["status", "--favorites", "--json", "--at", noon])
        #expect(shown.json["source"] as? String == "primary" && shown.venues.map { $0["id"] as? Int } == [593])
        #expect(try venuectl(["status", "--favorites", "--format", "prompt", "--at", noon]).stdout == "Test Commons open till 10pm\n")
        _ = try venuectl(["favorites", "remove", "593"])
        #expect(try venuectl(["status", "--favorites", "--json", "--at", noon]).venues.isEmpty, "an edit counts at the next request")
        try "nonsense\n".write(toFile: home.root + "/config/venued/favorites", atomically: true, encoding: .utf8)
        let broken = try venuectl(["status", "--favorites", "--at", noon])
        #expect(broken.code == 2 && broken.stderr.contains("favorites:1: not a venue id") && !broken.stderr.contains("nonsense"), "\(broken.stderr)")
    }

    @Test func filtersAndNearTravelInTheRequest() throws {
        let daemon = try startDaemon()
        defer { daemon.stop(); server.stop() }
        #expect(try venuectl(["status", "--json", "--halls", "--at", noon]).venues.count == 1)
        #expect(try venuectl(["status", "--json", "--retail", "--at", noon]).venues.isEmpty)
        let near = try venuectl(["status", "--json", "--near", "39.9522,-75.1932", "--at", noon])
        #expect(near.json["source"] as? String == "primary" && near.venues.first?["walk_minutes"] as? Int == 7)
        let direct = try daemon.request(#"{"v":1,"cmd":"status","render":"template","template":"{name}|{walk}","near":"39.9522,-75.1932","halls":true}"#)
        #expect(direct["text"] as? String == "Test Commons|7 min\n")
        let conf = home.root + "/config/venued/venuectl.conf"
        try "filter = retail\nformat = prompt\n".write(toFile: conf, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: conf) }
        #expect(try venuectl(["status", "--at", noon]).stdout.isEmpty, "the config's filter, through the daemon")
        #expect(try venuectl(["status", "--at", noon, "--halls"]).stdout == "Test Commons open till 10pm\n")
    }

    @Test func withoutTheDaemonEachFormatIsRenderedLocallyWithTheNotice() throws {
        server.stop()
        for format in Self.formats {
            let run = try venuectl(["status", "--at", "2023-09-18T16:20", "commons"] + format)
            #expect(run.code == 0 && !run.stdout.isEmpty, "\(format)")
            // Plain text and waybar's tooltip say it in their "Old data:" line; the others on stderr.
            if format.contains("plain") || format.contains("waybar") {
                #expect(run.stderr.isEmpty && run.stdout.contains("Old data: venued did not answer"), "\(format): \(run.stderr)")
                continue
            }
            #expect(run.stderr.hasPrefix("venuectl: venued is not running") && run.stderr.filter { $0 == "\n" }.count == 1, "\(format)")
        }
        // The bundled data, shown because venued is away: old, and marked so.
        let waybar = try venuectl(["status", "--at", "2023-09-18T16:20", "--format", "waybar", "commons"])
        #expect(waybar.stdout.hasPrefix(#"{"text":"1920 Commons closes in 10 min (old)","#))
        #expect(waybar.stdout.contains(#""class":["closing-soon","stale"],"alt":"closing-soon""#))
    }
}
