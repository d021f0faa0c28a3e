import DiningHours
import Foundation
import Glibc
import Testing

/// `venuectl notify` against the real things: venued serving a feed written around the
/// real clock (so a closing or an opening is seconds away for a follower reading the
/// real clock), a private dbus-daemon, and dunst under Xvfb, read back with dunstctl.
@Suite(.serialized, .enabled(if: NotificationServer.unavailable == nil, "\(NotificationServer.unavailable ?? "")"))
struct NotifyTests {
    /// What the follower logs for each notification it sent.
    struct Sent: Equatable {
        let summary: String
        let body: String
        let id: Int
    }

    /// `venued-notify: sent 'SUMMARY' (BODY; id N)`, in order.
    static func sent(_ log: String) -> [Sent] {
        log.split(separator: "\n").compactMap { line in
            let prefix = "venued-notify: sent '"
            guard line.hasPrefix(prefix), let quote = line.range(of: "' (", options: .backwards),
                  let idMark = line.range(of: "; id ", options: .backwards) else { return nil }
            let summary = String(line[line.index(line.startIndex, offsetBy: prefix.count)..<quote.lowerBound])
            let body = String(line[quote.upperBound..<idMark.lowerBound])
            return Sent(summary: summary, body: body, id: Int(line[idMark.upperBound...].dropLast()) ?? -1)
        }
    }

    /// venued serving `feed` from a scripted upstream, once it has adopted it; its menus
    /// from the same server's `/menus/` with `menus`.
    static func venued(_ bus: NotificationServer, _ http: ScriptedHTTPServer, feed: [UInt8], menus: Bool = false) throws -> DaemonProcess {
        http.set("/primary", .init(body: feed))
        let daemon = try DaemonProcess(home: bus.home, arguments: ["--primary-url", http.url("/primary"), "--backup-url", http.url("/none"), "--timeout", "2"]
                                       + (menus ? ["--menus-url", http.url("/menus")] : []))
        _ = try daemon.waitForInfo { $0["source"] as? String == "primary" }
        return daemon
    }

    static func favorites(_ bus: NotificationServer, _ ids: Int...) throws {
        try ids.map { "\($0)\n" }.joined().write(toFile: bus.home.root + "/config/venued/favorites", atomically: true, encoding: .utf8)
    }

    static func notify(_ bus: NotificationServer, _ arguments: [String], environment: [String: String] = [:]) throws -> VenuectlRunner.Run {
        try VenuectlRunner.run(["notify"] + arguments, home: bus.home, environment: bus.environment.merging(environment) { $1 }, timeout: 40)
    }

    @Test func aCountdownUpdatesOneNotificationInPlace() throws {
        let bus = try NotificationServer()
        let http = try ScriptedHTTPServer()
        defer { http.stop() }
        let clock = ClockFeed()
        // Closes in 14 min 12 s: the 15-minute step is due (48 s ago, within the grace),
        // the 14-minute step in 12 s.
        let daemon = try Self.venued(bus, http, feed: ClockFeed.feed(clock.venue(593, "1920 Commons", opens: -3600, closes: 852, label: "Lunch")))
        defer { daemon.stop() }
        try Self.favorites(bus, 593)
        let run = try Self.notify(bus, ["--before", "15,14", "--count", "2"])
        #expect(run.code == 0, "\(run.stderr)")
        let sent = Self.sent(run.stderr)
        let until = "Lunch until \(clock.clock(852))"
        #expect(sent.map(\.summary) == ["1920 Commons closes in 15 min", "1920 Commons closes in 14 min"], "\(run.stderr)")
        #expect(sent.allSatisfy { $0.body == until })
        #expect(Set(sent.map(\.id)).count == 1, "the second step did not replace the first: \(sent)")
        #expect(Int(Date().timeIntervalSince1970) - clock.start >= 12, "the 14-minute step came before its minute")
        #expect(try bus.displayed() == 1)
        let shown = try bus.everything(atLeast: 1)
        #expect(shown == [.init(id: sent[0].id, summary: "1920 Commons closes in 14 min", body: until)], "\(shown)")
    }

    /// At the closing, the countdown is no longer true: the follower takes it off the
    /// screen (CloseNotification), and dunst keeps it in its history.
    @Test func aCountdownIsTakenOffWhenTheVenueCloses() throws {
        let bus = try NotificationServer()
        let http = try ScriptedHTTPServer()
        defer { http.stop() }
        let clock = ClockFeed()
        let daemon = try Self.venued(bus, http, feed: ClockFeed.feed(clock.venue(593, "1920 Commons", opens: -3600, closes: 20, label: "Lunch")))
        defer { daemon.stop() }
        try Self.favorites(bus, 593)
        let follower = try Follower(bus, ["--before", "1", "--events", "closes"])
        defer { follower.stop() }
        try bus.session.waitFor("the countdown on the screen", tries: 100, interval: 0.1) { (try? bus.displayed()) == 1 }
        try bus.session.waitFor("the countdown taken off", tries: 160, interval: 0.25) { (try? bus.displayed()) == 0 }
        #expect(Int(Date().timeIntervalSince1970) - clock.start >= 20, "taken off before the closing")
        #expect(follower.process.isRunning, "\(follower.stderr)")
        #expect(Self.sent(follower.stderr).map(\.summary) == ["1920 Commons closes in 1 min"], "\(follower.stderr)")
        let shown = try bus.everything(atLeast: 1)
        #expect(shown.map(\.summary) == ["1920 Commons closes in 1 min"], "\(shown)")
    }

    /// Restarted between two steps, the follower neither repeats the first nor starts a
    /// second notification: it remembers both (its state file), per venue.
    @Test func aRestartRepeatsNothingAndTheCountdownCarriesOn() throws {
        let bus = try NotificationServer()
        let http = try ScriptedHTTPServer()
        defer { http.stop() }
        let clock = ClockFeed()
        let daemon = try Self.venued(bus, http, feed: ClockFeed.feed(
            clock.venue(593, "1920 Commons", opens: -3600, closes: 860, label: "Lunch"),
            clock.venue(1442, "Lauder College House", opens: -3600, closes: 864, label: "Lunch")))
        defer { daemon.stop() }
        try Self.favorites(bus, 593, 1442)
        let first = try Self.notify(bus, ["--before", "15,14", "--count", "2"])
        #expect(first.code == 0, "\(first.stderr)")
        let second = try Self.notify(bus, ["--before", "15,14", "--count", "2"])
        #expect(second.code == 0, "\(second.stderr)")
        let before = Self.sent(first.stderr), after = Self.sent(second.stderr)
        #expect(before.map(\.summary) == ["1920 Commons closes in 15 min", "Lauder College House closes in 15 min"], "\(first.stderr)")
        #expect(after.map(\.summary) == ["1920 Commons closes in 14 min", "Lauder College House closes in 14 min"], "\(second.stderr)")
        #expect(after.map(\.id) == before.map(\.id), "a step after the restart did not replace its notification")
        #expect(try bus.displayed() == 2)
        let state = try String(contentsOfFile: bus.home.root + "/.local/state/venued/notified", encoding: .utf8)
        #expect(state.contains("593 closes \(clock.start + 860) 1 \(before[0].id)\n"), "\(state)")
        let shown = try bus.everything(atLeast: 2)
        #expect(shown.map(\.summary).sorted() == ["1920 Commons closes in 14 min", "Lauder College House closes in 14 min"], "\(shown)")
    }

    @Test func anOpeningIsAnnouncedAtItsInstant() throws {
        let bus = try NotificationServer()
        let http = try ScriptedHTTPServer()
        defer { http.stop() }
        let clock = ClockFeed()
        let daemon = try Self.venued(bus, http, feed: ClockFeed.feed(clock.venue(636, "Hill House", opens: 8, closes: 3 * 3600, label: "Dinner")))
        defer { daemon.stop() }
        try Self.favorites(bus, 636)
        let run = try Self.notify(bus, ["--events", "opens", "--count", "1"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(Self.sent(run.stderr).map(\.summary) == ["Hill House is open now for Dinner"], "\(run.stderr)")
        #expect(Int(Date().timeIntervalSince1970) - clock.start >= 8, "the opening was announced before its instant")
        let shown = try bus.everything(atLeast: 1)
        #expect(shown.map(\.body) == ["Dinner until \(clock.clock(3 * 3600, seenAt: 8))"], "\(shown)")
    }

    /// A followed dish (`favorites add --dish`): venued's `dish` event, 30 minutes before
    /// its meal, becomes one notification, wherever the dish is served.
    @Test func aFollowedDishIsAnnouncedBeforeItsMeal() throws {
        let bus = try NotificationServer()
        let http = try ScriptedHTTPServer()
        defer { http.stop() }
        let clock = ClockFeed()
        // Lunch starts 30 min 15 s from now: announced in 15 s. venued serves it on its
        // date; every other date it asks for has no menus.
        let date = String(clock.wall(1815).prefix(10))
        for offset in -1...7 {
            let other = LocalDate(parsing: date).map { "\($0.adding(days: offset))" } ?? date
            http.set("/menus/\(other)/", .init(body: Array("[]".utf8)))
        }
        http.set("/menus/\(date)/", .init(body: Array("""
            [{"id":1,"venue":{"venue_id":593,"name":"Test Commons","image_url":""},"date":"\(date)","service":"Lunch",
              "start_time":"\(clock.wall(1815))","end_time":"\(clock.wall(1815 + 3600))",
              "stations":[{"name":"grill","items":[{"item_id":7,"name":"Chicken Tikka Masala","description":"",
                "ingredients":"","allergens":"Halal, Milk","nutrition_info":{}}]}]}]
            """.utf8)))
        let daemon = try Self.venued(bus, http, feed: ClockFeed.feed(clock.venue(593, "Test Commons", opens: -3600, closes: 6 * 3600, label: "Lunch")),
                                     menus: true)
        defer { daemon.stop() }
        _ = try Menus.settled(daemon)
        // Not a favorite venue: a followed dish is announced wherever it is served.
        try "636\ndish: tikka masala\n".write(toFile: bus.home.root + "/config/venued/favorites", atomically: true, encoding: .utf8)
        let run = try Self.notify(bus, ["--count", "1"])
        #expect(run.code == 0, "\(run.stderr)")
        let sent = Self.sent(run.stderr)
        #expect(sent.map(\.summary) == ["Chicken Tikka Masala at Test Commons"], "\(run.stderr)")
        #expect(sent.first?.body.hasPrefix("Lunch ") == true)
        #expect(Int(Date().timeIntervalSince1970) - clock.start >= 15, "announced before its lead time")
        let state = try String(contentsOfFile: bus.home.root + "/.local/state/venued/notified", encoding: .utf8)
        #expect(state.contains("593 dish "), "\(state)")
        #expect(try bus.everything(atLeast: 1).map(\.summary) == ["Chicken Tikka Masala at Test Commons"])
    }

    /// A closing whose first reminder is three minutes past (a resume, a late start) is
    /// not announced late; the next venue's, due in seconds, is.
    @Test func aPastEventIsNotSentLate() throws {
        let bus = try NotificationServer()
        let http = try ScriptedHTTPServer()
        defer { http.stop() }
        let clock = ClockFeed()
        let daemon = try Self.venued(bus, http, feed: ClockFeed.feed(
            clock.venue(593, "1920 Commons", opens: -3600, closes: 12 * 60, label: "Lunch"),
            clock.venue(1442, "Lauder College House", opens: -3600, closes: 15 * 60 + 8, label: "Lunch")))
        defer { daemon.stop() }
        try Self.favorites(bus, 593, 1442)
        let run = try Self.notify(bus, ["--before", "15", "--count", "1"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(Self.sent(run.stderr).map(\.summary) == ["Lauder College House closes in 15 min"], "\(run.stderr)")
        let shown = try bus.everything(atLeast: 1)
        #expect(shown.map(\.summary) == ["Lauder College House closes in 15 min"], "\(shown)")
    }

    /// venued stops and comes back while the follower waits for an opening: it says so
    /// once, follows the local copy, subscribes again, and the opening is announced once.
    @Test func followsVenuedAcrossARestart() throws {
        let bus = try NotificationServer()
        let http = try ScriptedHTTPServer()
        defer { http.stop() }
        let clock = ClockFeed()
        var daemon = try Self.venued(bus, http, feed: ClockFeed.feed(clock.venue(636, "Hill House", opens: 15, closes: 3 * 3600, label: "Dinner")))
        try Self.favorites(bus, 636)
        let follower = try Follower(bus, ["--events", "opens", "--count", "1"])
        _ = try daemon.waitForInfo { $0["subscribers"] as? Int == 1 }
        daemon.stop()
        try bus.session.waitFor("'went away' in the follower's log", tries: 100, interval: 0.05) { follower.stderr.contains("went away") }
        daemon = try DaemonProcess(home: bus.home, arguments: ["--primary-url", http.url("/primary"), "--backup-url", http.url("/none"), "--timeout", "2"])
        defer { daemon.stop() }
        _ = try daemon.waitForInfo(seconds: 20) { $0["subscribers"] as? Int == 1 }
        let code = follower.waitForExit(seconds: 30)
        #expect(code == 0, "\(follower.stderr)")
        #expect(follower.stderr.contains("venued-notify: venued on \(bus.home.socketPath) went away; following the local copy and retrying"))
        #expect(Self.sent(follower.stderr).map(\.summary) == ["Hill House is open now for Dinner"], "\(follower.stderr)")
        let shown = try bus.everything(atLeast: 1)
        #expect(shown.count == 1, "\(shown)")
    }

    /// New data that changes today's hours of a favorite is announced with the new hours.
    @Test func hoursChangedToday() throws {
        let bus = try NotificationServer()
        let http = try ScriptedHTTPServer()
        defer { http.stop() }
        let date = String(ClockFeed().wall(0).prefix(10))
        func lauder(_ from: String, _ to: String) -> [UInt8] {
            Array(#"[{"id":1442,"name":"Lauder College House","days":[{"date":"\#(date)","dayparts":[{"starttime":"\#(date)T\#(from):00","endtime":"\#(date)T\#(to):00","label":"All day"}]}]}]"#.utf8)
        }
        let daemon = try Self.venued(bus, http, feed: lauder("08:00", "20:00"))
        defer { daemon.stop() }
        try Self.favorites(bus, 1442)
        let follower = try Follower(bus, ["--events", "hours", "--count", "1"])
        _ = try daemon.waitForInfo { $0["subscribers"] as? Int == 1 }
        http.set("/primary", .init(body: lauder("09:00", "21:00")))
        #expect(try daemon.request(#"{"v":1,"cmd":"refresh"}"#, timeout: 10)["ok"] as? Bool == true)
        #expect(follower.waitForExit(seconds: 20) == 0, "\(follower.stderr)")
        #expect(Self.sent(follower.stderr) == [.init(summary: "Hours changed for Lauder College House today", body: "now 9:00 AM–9:00 PM",
                                                     id: Self.sent(follower.stderr).first?.id ?? -1)], "\(follower.stderr)")
    }

    /// A click on the notification (dunst's default action) opens the venue's page with
    /// $BROWSER, as `venuectl open` would.
    @Test func aClickOpensTheVenuesPage() throws {
        let bus = try NotificationServer()
        let http = try ScriptedHTTPServer()
        defer { http.stop() }
        let clock = ClockFeed()
        let daemon = try Self.venued(bus, http, feed: ClockFeed.feed(clock.venue(593, "1920 Commons", opens: -3600, closes: 900, label: "Lunch")))
        defer { daemon.stop() }
        try Self.favorites(bus, 593)
        let opened = bus.home.root + "/opened"
        let browser = try bus.session.write("#!/bin/sh\necho \"$1\" >> \(opened)\n", to: "browser")
        chmod(browser, 0o755)
        let follower = try Follower(bus, ["--before", "15"], environment: ["BROWSER": browser])
        defer { follower.stop() }
        try bus.session.waitFor("the notification on the screen", tries: 100, interval: 0.1) { (try? bus.displayed()) == 1 }
        try bus.clickNewest()
        // The shell creates the file before echo writes the line: wait for the whole line.
        try bus.session.waitFor("the page opened", tries: 200, interval: 0.05) {
            (try? String(contentsOfFile: opened, encoding: .utf8))?.hasSuffix("\n") == true
        }
        #expect(try String(contentsOfFile: opened, encoding: .utf8) == "https://university-of-pennsylvania.cafebonappetit.com/cafe/1920-commons\n")
    }

    /// No bus at all: one line, then the follower waits (retrying with a backoff that
    /// starts at seconds), neither exiting nor spinning.
    @Test func withoutABusItSaysSoOnceAndWaits() throws {
        let bus = try NotificationServer(withServer: false)
        let http = try ScriptedHTTPServer()
        defer { http.stop() }
        let daemon = try Self.venued(bus, http, feed: ClockFeed.feed(ClockFeed().venue(593, "1920 Commons", opens: -3600, closes: 7200, label: "Lunch")))
        defer { daemon.stop() }
        let missing = bus.home.root + "/no-bus"
        let follower = try Follower(bus, [], environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=" + missing])
        defer { follower.stop() }
        try Self.expectQuiet(follower, line: "venued-notify: no session bus at unix:path=\(missing) (No such file or directory); notifications wait for it, retrying up to every 10 min")
    }

    /// A bus with no notification server on it (a login without a desktop): the same.
    @Test func withoutAServerItSaysSoOnceAndWaits() throws {
        let bus = try NotificationServer(withServer: false)
        let http = try ScriptedHTTPServer()
        defer { http.stop() }
        let daemon = try Self.venued(bus, http, feed: ClockFeed.feed(ClockFeed().venue(593, "1920 Commons", opens: -3600, closes: 7200, label: "Lunch")))
        defer { daemon.stop() }
        let follower = try Follower(bus, [])
        defer { follower.stop() }
        try Self.expectQuiet(follower, line: "venued-notify: no notification server answers on the session bus "
                             + "(org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.Notifications was not provided by any .service files); "
                             + "notifications wait for it, retrying up to every 10 min")
    }

    /// A bus another uid runs (a squatted path) is not used, whatever the socket's mode
    /// lets us do: one line, then the same quiet wait.
    @Test(.enabled(if: getuid() == 0, "needs root to run a bus as another uid"))
    func aBusOfAnotherUserIsNotUsed() throws {
        let bus = try NotificationServer(withServer: false)
        let http = try ScriptedHTTPServer()
        defer { http.stop() }
        let daemon = try Self.venued(bus, http, feed: ClockFeed.feed(ClockFeed().venue(593, "1920 Commons", opens: -3600, closes: 7200, label: "Lunch")))
        defer { daemon.stop() }
        // In /tmp, as a squatter's would be: the test home is not open to other uids.
        let directory = "/tmp/venued-squatted-\(UUID().uuidString.prefix(8))"
        mkdir(directory, 0o755)
        chown(directory, 65534, 65534)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let address = "unix:path=\(directory)/bus"
        try bus.session.start(["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--", RealConsumers.tool("dbus-daemon")!,
                               "--session", "--address=" + address, "--nofork", "--nopidfile", "--print-address"], log: "squatter.log")
        try bus.session.waitFor("the other uid's bus listening", tries: 100, interval: 0.05) { bus.session.log("squatter.log").contains("unix:path=") }
        chmod(directory + "/bus", 0o777)
        let follower = try Follower(bus, [], environment: ["DBUS_SESSION_BUS_ADDRESS": address])
        defer { follower.stop() }
        try Self.expectQuiet(follower, line: "venued-notify: the session bus at \(address) runs as uid 65534, not as you (uid 0): not using it; "
                             + "notifications wait for it, retrying up to every 10 min")
    }

    /// The line, alone, then three more seconds of quiet: still running, still one
    /// line, and few wake-ups (a retry loop without a backoff would show thousands).
    static func expectQuiet(_ follower: Follower, line: String) throws {
        try follower.session.waitFor("a line from the follower", tries: 100, interval: 0.05) { !follower.stderr.isEmpty }
        usleep(3_000_000)
        #expect(follower.process.isRunning)
        #expect(follower.stderr == line + "\n")
        let status = (try? String(contentsOfFile: "/proc/\(follower.process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let switches = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
            .flatMap { Int($0.split(separator: "\t").last ?? "") } ?? -1
        #expect(switches >= 0 && switches < 100, "\(switches) voluntary context switches in about 3 s")
    }
}

/// `venuectl notify` in the background, its stderr in a file, ended by its pid.
final class Follower {
    let process = Process()
    let errPath: String
    let session: ConsumerSession

    init(_ bus: NotificationServer, _ arguments: [String], environment: [String: String] = [:]) throws {
        session = bus.session
        errPath = bus.home.root + "/follower-\(UUID().uuidString.prefix(6)).err"
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: VenuectlRunner.binary)
        process.arguments = ["notify"] + arguments
        process.environment = bus.home.environment.merging(["TZ": "America/New_York"]) { $1 }.merging(bus.environment) { $1 }
            .merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: errPath)
        try process.run()
    }

    var stderr: String { (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "" }

    /// The exit status, or -1 when it had to be killed after `seconds`.
    func waitForExit(seconds: Double) -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        guard !process.isRunning else { stop(); return -1 }
        return process.terminationStatus
    }

    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(3)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    deinit { stop() }
}
