import Foundation
import Glibc

/// A real session bus with a real notification server on it, for one test: a private
/// `dbus-daemon` (its own config, so that it starts no service by itself: a call to a
/// name nobody owns fails at once), Xvfb, and dunst with every timeout off (so what was
/// shown stays until read). What dunst shows is read back with `dunstctl`. Every
/// process is ended with the session (`ConsumerSession`).
final class NotificationServer {
    static var unavailable: String? {
        let missing = ["dbus-daemon", "dunst", "dunstctl", "dbus-send", "Xvfb"].filter { RealConsumers.tool($0) == nil }
        return missing.isEmpty ? nil : "needs \(missing.joined(separator: ", ")) (Debian packages dbus-daemon, dbus-bin, dunst, xvfb)"
    }

    let session = ConsumerSession()
    var home: DaemonProcess.Home { session.home }
    var busSocket: String { home.root + "/bus" }
    var address: String { "unix:path=" + busSocket }
    /// What a client of this bus runs with.
    var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    /// `withServer: false` is a bus with no notification server on it.
    init(withServer: Bool = true) throws {
        let config = try session.write("""
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(busSocket)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """, to: "bus.conf")
        // --print-address: the address is printed once the bus listens (the socket file
        // exists a moment before it does, and a client connecting then is refused).
        try session.start([RealConsumers.tool("dbus-daemon")!, "--config-file=" + config, "--nofork", "--nopidfile", "--print-address"],
                          log: "dbus.log")
        try session.waitFor("the bus listening on \(busSocket)", tries: 100, interval: 0.05) { session.log("dbus.log").contains("unix:path=") }
        guard withServer else { return }
        let display = try session.startXvfb(width: 640, height: 480)
        let dunstrc = try session.write("""
            [global]
                history_length = 100
                idle_threshold = 0
            [urgency_low]
                timeout = 0
            [urgency_normal]
                timeout = 0
            [urgency_critical]
                timeout = 0
            """, to: "dunstrc")
        try session.start([RealConsumers.tool("dunst")!, "-config", dunstrc], log: "dunst.log", environment: environment.merging(["DISPLAY": display]) { $1 })
        try session.waitFor("dunst on the bus", tries: 100, interval: 0.05) { (try? dunstctl(["is-paused"])) != nil }
    }

    @discardableResult
    func dunstctl(_ arguments: [String]) throws -> String {
        try session.run([RealConsumers.tool("dunstctl")!] + arguments, timeout: 10, environment: environment)
    }

    /// `dunstctl count displayed`.
    func displayed() throws -> Int { Int(try dunstctl(["count", "displayed"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 }

    struct Shown: Equatable, CustomStringConvertible {
        let id: Int
        let summary: String
        let body: String
        var description: String { "#\(id) \(summary) | \(body)" }
    }

    /// Every notification dunst was given, newest first, once there are at least `count`
    /// (or after 10 s: then what there is). dunst files a notification in its own loop,
    /// which a loaded machine may run after the sender has had its answer.
    func everything(atLeast count: Int) throws -> [Shown] {
        let deadline = Date().addingTimeInterval(10)
        var shown = try history()
        for _ in 0..<200 where shown.count < count && Date() < deadline {
            usleep(50_000)
            shown = try history()
        }
        return shown
    }

    /// `close-all` moves what is on the screen to the history, which `dunstctl history`
    /// prints as JSON.
    private func history() throws -> [Shown] {
        try dunstctl(["close-all"])
        let json = try JSONSerialization.jsonObject(with: Data(try dunstctl(["history"]).utf8)) as? [String: Any]
        let lists = json?["data"] as? [[[String: Any]]] ?? []
        return (lists.first ?? []).map { item in
            func value(_ key: String) -> Any? { (item[key] as? [String: Any])?["data"] }
            return Shown(id: value("id") as? Int ?? -1, summary: value("summary") as? String ?? "", body: value("body") as? String ?? "")
        }
    }

    /// `dunstctl action 0`: the default action of the newest notification, as a click.
    func clickNewest() throws { try dunstctl(["action", "0"]) }
}

/// A feed written around the real clock, to the second, in America/New_York: what a
/// follower that reads the real clock sees happen within seconds. Real venue ids, so
/// that they have pages.
struct ClockFeed {
    let start = Int(Date().timeIntervalSince1970)
    private let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "America/New_York")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter
    }()

    /// The wall clock `seconds` from the start, as the feed writes it.
    func wall(_ seconds: Int) -> String { formatter.string(from: Date(timeIntervalSince1970: Double(start + seconds))) }

    /// "2:06 PM": how a notification sent `seenAt` seconds from the start says that wall
    /// clock; on the next day "Wed 12:09 AM", or "midnight" at it (a test run late in
    /// the evening crosses it).
    func clock(_ seconds: Int, seenAt: Int = 0) -> String {
        let (target, today) = (wall(seconds), wall(seenAt))
        if target.prefix(10) != today.prefix(10) && target.hasSuffix("T00:00:00") { return "midnight" }
        let clock = DateFormatter()
        clock.timeZone = formatter.timeZone
        clock.locale = formatter.locale
        clock.dateFormat = target.prefix(10) == today.prefix(10) ? "h:mm a" : "EEE h:mm a"
        return clock.string(from: Date(timeIntervalSince1970: Double(start + seconds)))
    }

    /// One venue open from `opens` to `closes` seconds after the start, for `label`.
    func venue(_ id: Int, _ name: String, opens: Int, closes: Int, label: String) -> String {
        let date = String(wall(0).prefix(10))
        return #"{"id":\#(id),"name":"\#(name)","days":[{"date":"\#(date)","dayparts":[{"starttime":"\#(wall(opens))","endtime":"\#(wall(closes))","label":"\#(label)"}]}]}"#
    }

    static func feed(_ venues: String...) -> [UInt8] { Array("[\(venues.joined(separator: ","))]".utf8) }
}
