import Foundation
import Glibc
import Testing

/// Plain `watch` on a terminal: drawn in place on the alternate screen, and the user's
/// own screen given back however watch ends (Ctrl-C, SIGTERM, SIGHUP, --count). Read
/// from a real tmux (capture-pane, and its `alternate_on` and `cursor_flag`).
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"), "needs tmux (Debian package tmux)"))
struct WatchScreenTests {
    let root: String
    let socket = "venuectl-watch-\(getpid())"
    /// The tmux server, in the foreground (-D) so that it is this test's child, ended by
    /// its pid: a server that daemonizes would keep Foundation's wait for its client open.
    let server = Process()

    init() throws {
        root = try VenuectlProcess.scratch()
        let config = root + "/tmux.conf"
        try "set -g remain-on-exit on\n".write(toFile: config, atomically: true, encoding: .utf8)
        server.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        server.arguments = ["-L", socket, "-f", config, "-D"]
        server.environment = ["TMUX_TMPDIR": root, "PATH": "/usr/bin:/bin", "HOME": root]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: root + "/tmux-\(getuid())/" + socket) { usleep(20_000) }
    }

    /// One tmux command on this test's server.
    @discardableResult
    func tmux(_ arguments: String...) throws -> String {
        try VenuectlProcess.runProgram("/usr/bin/tmux", ["-L", socket] + arguments, environment: ["TMUX_TMPDIR": root], timeout: 30).stdout
    }

    func stop() {
        _ = try? tmux("kill-server")
        if server.isRunning { kill(server.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(atPath: root)
    }

    /// A pane running `command` (in sh), 72 columns, that stays when its process ends.
    func start(_ command: String) throws {
        try tmux("new-session", "-d", "-x", "72", "-y", "30", "-e", "TERM=xterm", command)
    }

    var watch: String {
        "env XDG_RUNTIME_DIR=\(root)/nowhere XDG_CACHE_HOME=\(root)/nowhere TZ=America/New_York " +
            "\(VenuectlProcess.binary.path) watch commons lauder --data \(VenuectlProcess.fixture)"
    }

    /// Polls `condition` for up to `seconds` (at most 600 tries): a bound for a busy
    /// machine, not a measure of speed.
    func wait(for what: String, seconds: Double = 20, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        for _ in 0..<600 where Date() < deadline {
            if try condition() { return }
            usleep(50_000)
        }
        Issue.record("not seen within \(seconds) s: \(what); screen: \(try tmux("capture-pane", "-p"))")
    }

    func flags() throws -> String { try tmux("display", "-p", "#{alternate_on} #{cursor_flag}").trimmingCharacters(in: .whitespacesAndNewlines) }

    @Test func itDrawsFromTheTopOfTheAlternateScreenAndCtrlCGivesTheShellBack() throws {
        defer { stop() }
        try start("sh")
        try tmux("send-keys", "echo BEFORE-WATCH; \(watch)", "Enter")
        try wait(for: "the block on the alternate screen") { try tmux("capture-pane", "-p").contains("Dining Halls") && flags() == "1 0" }
        let screen = try tmux("capture-pane", "-p")
        #expect(screen.hasPrefix("Penn dining at "), "the block starts at the top: \(screen)")
        #expect(screen.components(separatedBy: "Penn dining at ").count == 2, "one block, not appended ones")
        #expect(screen.split(separator: "\n").allSatisfy { $0.count <= 72 }, "lines fit the terminal's width")
        #expect(screen.contains("venuectl: venued is not running") == false, "--data asks no venued")
        try tmux("send-keys", "C-c")
        try wait(for: "the shell's own screen, cursor shown") { try flags() == "0 1" }
        let back = try tmux("capture-pane", "-p")
        #expect(back.contains("BEFORE-WATCH") && !back.contains("Dining Halls"), "\(back)")
    }

    /// The test process blocks most signals, and its children inherit the mask: watch
    /// unblocks the ones it restores the screen on, which this checks too.
    @Test(arguments: [SIGTERM, SIGHUP])
    func aSignalGivesTheScreenBackBeforeItEndsWatch(signal: Int32) throws {
        defer { stop() }
        try start("echo BEFORE-WATCH; exec \(watch)")
        try wait(for: "the block on the alternate screen") { try tmux("capture-pane", "-p").contains("Dining Halls") }
        let pid = try #require(Int32(try tmux("display", "-p", "#{pane_pid}").trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(pid, signal)
        try wait(for: "watch to end") { try tmux("display", "-p", "#{pane_dead}").hasPrefix("1") }
        #expect(try tmux("display", "-p", "#{alternate_on}").trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        let back = try tmux("capture-pane", "-p")
        #expect(back.contains("BEFORE-WATCH") && !back.contains("Dining Halls"), "\(back)")
    }

    @Test func withoutVenuedTheNoticeIsUnderTheBlockNotScrolledAway() throws {
        defer { stop() }
        let local = watch.replacingOccurrences(of: " --data \(VenuectlProcess.fixture)", with: "")
        try start("exec \(local)")
        try wait(for: "the block and its notice") { try tmux("capture-pane", "-p").contains("venuectl: venued is not running") }
        let screen = try tmux("capture-pane", "-p")
        #expect(screen.hasPrefix("Penn dining at "), "\(screen)")
        let lines = screen.split(separator: "\n").map(String.init)
        let venue = try #require(lines.lastIndex { $0.contains("Lauder College House") })
        let notice = try #require(lines.firstIndex { $0.hasPrefix("venuectl: venued is not running") })
        #expect(notice > venue, "\(screen)")
        #expect(lines.allSatisfy { $0.count <= 72 }, "the notice wraps to the terminal too: \(screen)")
    }

    @Test func withCountTheLastBlockStaysOnTheUsersScreen() throws {
        defer { stop() }
        try start("echo BEFORE-WATCH; exec \(watch) --count 1")
        try wait(for: "watch to end") { try tmux("display", "-p", "#{pane_dead}").hasPrefix("1") }
        let state = try tmux("display", "-p", "#{alternate_on} #{pane_dead}").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(state == "0 1", "\(state)")
        let back = try tmux("capture-pane", "-p")
        #expect(back.contains("BEFORE-WATCH") && back.contains("Dining Halls"), "\(back)")
    }

    @Test func aCountdownRedrawsTheBlockInPlace() throws {
        defer { stop() }
        let feed = try WatchFeed(in: root)
        try start("echo BEFORE-WATCH; exec env XDG_RUNTIME_DIR=\(root)/nowhere TZ=America/New_York \(VenuectlProcess.binary.path) watch --data \(feed.path)")
        try wait(for: "the first block", seconds: 15) { try tmux("capture-pane", "-p").contains("closes in 31 min") }
        // 20 s after the feed was written Tick Hall's countdown moves on: the same block, redrawn.
        try wait(for: "the countdown's next minute", seconds: 60) { try tmux("capture-pane", "-p").contains("closes in 30 min") }
        let screen = try tmux("capture-pane", "-p")
        #expect(screen.contains("closes in 30 min") && !screen.contains("closes in 31 min"), "\(screen)")
        #expect(screen.hasPrefix("Penn dining at ") && screen.components(separatedBy: "Penn dining at ").count == 2, "\(screen)")
    }
}

/// A feed written around the real clock, to the second: Tick Hall closes in 30 min and
/// 20 s (a countdown shows "31 min", then "30 min" 20 s later: time for a loaded machine
/// to start tmux and draw the first block), Soon Cafe in 70 s (with --soon 1, closing
/// soon 10 s from now).
struct WatchFeed {
    let path: String
    let start = Int(Date().timeIntervalSince1970)

    init(in directory: String) throws {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "America/New_York")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        let start = self.start
        func wall(_ seconds: Int) -> String { formatter.string(from: Date(timeIntervalSince1970: Double(start + seconds))) }
        let date = String(wall(0).prefix(10))
        func venue(_ id: Int, _ name: String, closesIn seconds: Int) -> String {
            #"{"id":\#(id),"name":"\#(name)","days":[{"date":"\#(date)","dayparts":[{"starttime":"\#(wall(-3600))","endtime":"\#(wall(seconds))","label":"All day"}]}]}"#
        }
        path = directory + "/watch-feed.json"
        try "[\(venue(1, "Tick Hall", closesIn: 1820)),\(venue(2, "Soon Cafe", closesIn: 70))]".write(toFile: path, atomically: true, encoding: .utf8)
    }
}

/// Plain `watch` into a pipe: a log of changes. Clock times, not countdowns, so a block
/// is printed when something changes (Soon Cafe's closing-soon, 10 s in), not when a
/// countdown would move (Tick Hall's, 20 s in); a blank line between blocks.
@Suite struct WatchLogTests {
    @Test func oneBlockPerChangeWithABlankLineBetween() throws {
        let root = try VenuectlProcess.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let feed = try WatchFeed(in: root)
        let run = try VenuectlProcess.run(["watch", "--data", feed.path, "--soon", "1", "--count", "2"], timeout: 40)
        #expect(run.code == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(Int(Date().timeIntervalSince1970) - feed.start >= 9, "the second block came before Soon Cafe's closing-soon")
        let blocks = run.stdout.components(separatedBy: "\n\n" + "Penn dining at ")
        #expect(blocks.count == 2 && run.stdout.hasPrefix("Penn dining at "), "\(run.stdout)")
        #expect(!run.stdout.contains("closes in"), "no countdown in a log: \(run.stdout)")
        #expect(blocks.first?.contains("● Soon Cafe") == true && blocks.last?.contains("◐ Soon Cafe") == true, "\(run.stdout)")
        #expect(blocks.first?.contains("All day · closes at ") == true)
    }
}
