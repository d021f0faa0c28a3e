import Foundation
import Glibc
import Testing

/// venued-notify against a scripted notification server on a real dbus-daemon: the
/// timings and orderings dunst cannot be made to produce (a server that answers late, a
/// click that arrives in the same read as an answer) and a stop signal in the middle of
/// the save of what was sent.
@Suite(.serialized, .enabled(if: ScriptedNotifications.unavailable == nil, "\(ScriptedNotifications.unavailable ?? "")"))
struct NotifyTimingTests {
    /// The server sends ActionInvoked for the first notification together with its
    /// answer to the second Notify (before it, or after it): sd-bus reads both at once,
    /// and the follower must act on the signal then, not when the next bus message
    /// comes (here: none ever).
    @Test(arguments: ["before", "after"])
    func anActionThatCameWithAnAnswerOpensThePageAtOnce(_ click: String) throws {
        let bus = try NotificationServer(withServer: false)
        let http = try ScriptedHTTPServer()
        defer { http.stop() }
        let clock = ClockFeed()
        let daemon = try NotifyTests.venued(bus, http, feed: ClockFeed.feed(
            clock.venue(593, "1920 Commons", opens: -3600, closes: 880, label: "Lunch"),
            clock.venue(1442, "Lauder College House", opens: -3600, closes: 880, label: "Lunch")))
        defer { daemon.stop() }
        try NotifyTests.favorites(bus, 593, 1442)
        let server = try ScriptedNotifications(bus, ["--click", click])
        let opened = bus.home.root + "/opened"
        let browser = try bus.session.write("#!/bin/sh\necho \"$1\" >> \(opened)\n", to: "browser")
        chmod(browser, 0o755)
        let follower = try Follower(bus, ["--before", "15"], environment: ["BROWSER": browser])
        defer { follower.stop() }
        try waitUntil("the click sent with the second answer") { server.events("click").count == 1 }
        try waitUntil("the page opened within 1 s of the click", seconds: 1) {
            (try? String(contentsOfFile: opened, encoding: .utf8))?.hasSuffix("\n") == true
        }
        // The calls go out in order (593 first), so the server's id 1 is 1920 Commons.
        #expect(try String(contentsOfFile: opened, encoding: .utf8) == "https://university-of-pennsylvania.cafebonappetit.com/cafe/1920-commons\n")
        #expect(follower.process.isRunning, "\(follower.stderr)")
    }

    /// Five reminders due at once, a server that answers each Notify in 8 s: the calls
    /// are in flight together, each is sent within the 2 minutes a reminder may be late
    /// (here within seconds of its instant), and each says the time left at the instant
    /// the server received it.
    @Test func aSlowServerDelaysNoReminder() throws {
        let bus = try NotificationServer(withServer: false)
        let http = try ScriptedHTTPServer()
        defer { http.stop() }
        let clock = ClockFeed()
        let names = [593: "1920 Commons", 636: "Hill House", 1442: "Lauder College House", 1733: "Joes Cafe", 639: "Houston Market"]
        // Every 15-minute reminder is due 4 s after the start.
        let closing = 15 * 60 + 4
        let venues = names.sorted { $0.key < $1.key }.map { id, name in clock.venue(id, name, opens: -3600, closes: closing, label: "Lunch") }
        let daemon = try NotifyTests.venued(bus, http, feed: Array("[\(venues.joined(separator: ","))]".utf8))
        defer { daemon.stop() }
        try NotifyTests.favorites(bus, 593, 636, 1442, 1733, 639)
        let server = try ScriptedNotifications(bus, ["--delay", "8"])
        let run = try NotifyTests.notify(bus, ["--before", "15", "--count", "5"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(NotifyTests.sent(run.stderr).count == 5, "\(run.stderr)")

        let calls = server.events("notify")
        #expect(calls.count == 5, "\(calls)")
        let times = calls.compactMap { $0["t"] as? Double }
        let due = Double(clock.start + closing - 15 * 60)
        #expect((times.max() ?? 0) - (times.min() ?? 0) < 3, "the calls were not in flight together: \(times.map { $0 - due })")
        #expect(times.allSatisfy { $0 >= due - 1 && $0 - due < 120 }, "sent past the 2 minutes a reminder may be late: \(times.map { $0 - due })")
        for call in calls {
            let summary = call["summary"] as? String ?? "", at = call["t"] as? Double ?? 0
            // The minutes left, rounded up, at the second the server received it (or the
            // second before: the follower rendered it a moment earlier).
            let left = Double(clock.start + closing) - at
            let minutes = [left, left + 1].map { Int(($0 + 59) / 60) }
            #expect(minutes.contains { summary.hasSuffix(" closes in \($0) min") }, "'\(summary)' at \(left) s before the closing")
        }
    }

    /// A SIGTERM while the record of a sent notification is being saved (the fsync or the
    /// rename made to take 2 s by strace) ends the follower only once the record is on
    /// disk: the next start sends the next reminder, not that one again, and no
    /// temporary file is left (a planted one is cleaned at the start).
    @Test(.enabled(if: RealConsumers.tool("strace") != nil, "needs strace (Debian package strace)"), arguments: ["fsync", "rename"])
    func aStopSignalDuringTheSaveSendsNothingTwice(_ call: String) throws {
        let bus = try NotificationServer(withServer: false)
        let http = try ScriptedHTTPServer()
        defer { http.stop() }
        let clock = ClockFeed()
        let daemon = try NotifyTests.venued(bus, http, feed: ClockFeed.feed(
            clock.venue(593, "1920 Commons", opens: -3600, closes: 15 * 60 - 10, label: "Lunch"),
            clock.venue(1442, "Lauder College House", opens: -3600, closes: 15 * 60 + 15, label: "Lunch")))
        defer { daemon.stop() }
        try NotifyTests.favorites(bus, 593, 1442)
        let server = try ScriptedNotifications(bus, [])
        let state = bus.home.root + "/.local/state/venued"
        let pidFile = bus.home.root + "/follower.pid"
        // Started as systemd starts a unit: no signal blocked (the test runner blocks
        // SIGTERM, and its children would inherit that), its pid written first.
        let exec = "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
            + "open(sys.argv[1], 'w').write(str(os.getpid())); os.execv(sys.argv[2], sys.argv[2:])"
        let traced = try bus.session.start([RealConsumers.tool("strace")!, "-f", "-qq", "-o", bus.home.root + "/strace.log",
                                            "-e", "trace=fsync,rename", "-e", "inject=\(call):delay_enter=2000000", "--",
                                            "/usr/bin/python3", "-c", exec, pidFile, VenuectlRunner.binary, "notify", "--before", "15"],
                                           log: "first.err", environment: bus.environment)
        try waitUntil("the first reminder sent") { bus.session.log("first.err").contains("sent '1920 Commons closes in 15 min'") }
        let pid = try #require(Int32((try? String(contentsOfFile: pidFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        // Whatever happens below, the follower does not outlive the test (strace may let go of it).
        defer { if ConsumerSession.alive(pid) { kill(pid, SIGKILL) } }
        kill(pid, SIGTERM)
        #expect(waitForExit(traced, seconds: 20), "\(bus.session.log("first.err"))")
        let left = try Self.temporaries(state)
        #expect(left.isEmpty, "left behind: \(left)")
        #expect(try String(contentsOfFile: state + "/notified", encoding: .utf8).contains("593 closes \(clock.start + 15 * 60 - 10) 0 "))

        _ = try bus.session.write("half a record", to: ".local/state/venued/notified.tmp-planted")
        let second = try NotifyTests.notify(bus, ["--before", "15", "--count", "1"], environment: bus.environment)
        #expect(second.code == 0, "\(second.stderr)")
        #expect(NotifyTests.sent(second.stderr).map(\.summary) == ["Lauder College House closes in 15 min"], "\(second.stderr)")
        #expect(server.events("notify").compactMap { $0["summary"] as? String }.filter { $0.hasPrefix("1920 Commons") }.count == 1)
        let leftAfter = try Self.temporaries(state)
        #expect(leftAfter.isEmpty, "left behind: \(leftAfter)")
    }

    static func temporaries(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("notified.tmp-") }
    }
}

/// `Support/scripted_notifications.py` on a test's bus, and the calls and signals it logged.
final class ScriptedNotifications {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Support/scripted_notifications.py"

    static var unavailable: String? {
        if let missing = NotificationServer.unavailable { return missing }
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        check.arguments = ["-c", "import dbus, dbus.mainloop.glib, gi.repository.GLib"]
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return "needs /usr/bin/python3 (Debian package python3)" }
        check.waitUntilExit()
        return check.terminationStatus == 0 ? nil : "needs python3's dbus and GLib bindings (Debian packages python3-dbus, python3-gi)"
    }

    let log: String
    private let session: ConsumerSession

    init(_ bus: NotificationServer, _ arguments: [String]) throws {
        session = bus.session
        log = bus.home.root + "/scripted-server.jsonl"
        try bus.session.start(["/usr/bin/python3", Self.script, "--log", log] + arguments, log: "scripted-server.err", environment: bus.environment)
        try waitUntil("the scripted server on the bus (\(bus.session.log("scripted-server.err")))") { !events("ready").isEmpty }
    }

    /// The logged events named `name`, in order.
    func events(_ name: String) -> [[String: Any]] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }.filter { $0["event"] as? String == name }
    }
}
