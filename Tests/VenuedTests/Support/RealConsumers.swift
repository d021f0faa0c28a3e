import Foundation
import Glibc

/// What the real-consumer tests share: a feed of venues whose names a bar could read as
/// markup, tags or commands, a session that starts the consumers and ends every process
/// it started, and screenshots read as pixels. Every wait has a count and a deadline.
enum RealConsumers {
    /// The program at /usr/bin or /bin, nil when its package is not installed.
    static func tool(_ name: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func have(_ names: String...) -> Bool { names.allSatisfy { tool($0) != nil } }
}

/// Six venues, ids 9001–9006, whose names carry every character some bar reads as
/// syntax: polybar's `%{`, tmux's `#[`, `#{`, `#(` and `##`, Pango's `<`, `&`, a
/// shell's `$`, backquote and quotes. Three of them try to turn the text magenta
/// (#ff00ff), a colour the palette never uses, so a tag that took effect shows on screen.
/// Open venues are open all day every day around the real today (so `watch`, which
/// follows the real clock, shows the same tones as `status --at` noon); 9002 and 9006
/// are listed closed.
struct HostileFeed {
    static let open = "#4caf50", closed = "#f44336"
    /// A file the `#(touch ...)` name would create if tmux ever ran it.
    let pwned: String
    let names: [Int: String]
    let closedIDs: Set<Int> = [9002, 9006]

    init(directory: String) {
        pwned = directory + "/pwned"
        names = [
            9001: "Houston 100% Market",
            9002: "Grocer %{F#ff00ff}Deli",
            9003: "House ##1",
            9004: "Cafe #(touch \(pwned)) & <b>Bold</b> \"q\" 'a' $HOME `id`",
            9005: "Ink #[fg=#ff00ff]Pub #{host} ##[x]",
            9006: "Rose <span color='#ff00ff'>Room</span> 50%%{F#ff00ff}x %",
        ]
    }

    /// 9001–9003: what the tests add as favorites (`--favorites`).
    static let favorites = [9001, 9002, 9003]
    /// 9004–9006: what the tests name on the command line.
    static let named = [9004, 9005, 9006]

    /// What the bar must show of each venue literally: its name, then its phrase.
    func shown(_ id: Int) -> String { names[id]! + " " }

    func feedJSON() throws -> Data {
        let today = Feeds.today
        let venues: [[String: Any]] = names.keys.sorted().map { id in
            let days: [[String: Any]] = (-1...5).map { offset in
                let date = today.adding(days: offset), next = today.adding(days: offset + 1)
                if closedIDs.contains(id) { return ["date": "\(date)", "status": "closed", "dayparts": [[String: Any]]()] }
                return ["date": "\(date)", "status": "open",
                        "dayparts": [["starttime": "\(date)T00:00:00", "endtime": "\(next)T00:00:00", "message": "", "label": "All day"]]]
            }
            return ["id": id, "name": names[id]!, "address": "", "image": "", "days": days]
        }
        return try JSONSerialization.data(withJSONObject: venues)
    }

    /// Writes the feed and the favorites file of `home`; returns the feed's path.
    func install(in home: DaemonProcess.Home) throws -> String {
        let path = home.root + "/hostile-feed.json"
        try feedJSON().write(to: URL(fileURLWithPath: path))
        mkdirs(home.root + "/config/venued")
        try (Self.favorites.map { "\($0)\n" }.joined()).write(toFile: home.root + "/config/venued/favorites", atomically: true, encoding: .utf8)
        return path
    }

    /// Noon of the feed's today, for `status --at`.
    static var noon: String { "\(Feeds.today)T12:00" }
}

/// Processes started for one test, all carrying a marker variable in their
/// environment: at the end each is ended by its pid, then anything that inherited the
/// marker (i3bar, i3blocks, waybar, the venuectl they run) is found in /proc and killed.
final class ConsumerSession {
    let home = DaemonProcess.Home()
    let marker = "VENUED_CONSUMER_TEST=" + UUID().uuidString
    private var started: [Process] = []
    /// Run first at the end (a tmux kill-server, a directory to remove), last added first.
    var cleanups: [(ConsumerSession) -> Void] = []

    /// PATH puts the freshly built venuectl first, as an installed one would be.
    var environment: [String: String] {
        let parts = marker.split(separator: "=", maxSplits: 1).map(String.init)
        return home.environment.merging([
            "PATH": URL(fileURLWithPath: VenuectlRunner.binary).deletingLastPathComponent().path + ":/usr/bin:/bin",
            "TZ": "America/New_York", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", parts[0]: parts[1],
        ]) { $1 }
    }

    /// Starts `arguments` with stdout and stderr in `log` (a file in the home).
    @discardableResult
    func start(_ arguments: [String], log: String, environment extra: [String: String] = [:]) throws -> Process {
        let path = home.root + "/" + log
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.environment = environment.merging(extra) { $1 }
        let handle = FileHandle(forWritingAtPath: path)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        started.append(process)
        return process
    }

    /// Runs a short command to its end (at most `timeout` s); its stdout.
    @discardableResult
    func run(_ arguments: [String], timeout: Double = 10, environment extra: [String: String] = [:]) throws -> String {
        let tag = UUID().uuidString.prefix(8)
        let outPath = home.root + "/run-\(tag).out"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.environment = environment.merging(extra) { $1 }
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: home.root + "/run-\(tag).err")
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning {
            // Not waitUntilExit: a child that forked (a daemon) can keep Foundation's
            // exit monitor open long after the process itself is gone.
            kill(process.processIdentifier, SIGKILL)
            throw TestFailure("\(arguments.joined(separator: " ")) did not exit within \(timeout) s")
        }
        let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            let err = (try? String(contentsOfFile: home.root + "/run-\(tag).err", encoding: .utf8)) ?? ""
            throw TestFailure("\(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(err)")
        }
        return out
    }

    func log(_ name: String) -> String { (try? String(contentsOfFile: home.root + "/" + name, encoding: .utf8)) ?? "" }

    func write(_ text: String, to relative: String) throws -> String {
        let path = home.root + "/" + relative
        mkdirs(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Polls `condition` every `interval` s, at most `tries` times; throws with `what`.
    func waitFor(_ what: @autoclosure () -> String, tries: Int = 60, interval: Double = 0.25, _ condition: () throws -> Bool) throws {
        for _ in 0..<tries {
            if try condition() { return }
            usleep(useconds_t(interval * 1_000_000))
        }
        throw TestFailure("\(what()) not seen within \(Double(tries) * interval) s")
    }

    /// A fresh Xvfb; its display name (`:N`, chosen by Xvfb itself with -displayfd).
    func startXvfb(width: Int, height: Int) throws -> String {
        try start([RealConsumers.tool("Xvfb")!, "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"],
                  log: "xvfb.log")
        var display = ""
        try waitFor("Xvfb's display number", tries: 100, interval: 0.05) {
            let text = log("xvfb.log")
            guard let line = text.split(separator: "\n").first(where: { Int($0) != nil }) else { return false }
            display = ":" + line
            return true
        }
        return display
    }

    /// The X screen as pixels (imagemagick's `import`).
    func screenshotX(_ display: String) throws -> PixelImage {
        let path = home.root + "/screen-\(UUID().uuidString.prefix(6)).ppm"
        try run([RealConsumers.tool("import")!, "-display", display, "-window", "root", "-depth", "8", "ppm:" + path])
        return try PixelImage(ppm: path)
    }

    deinit {
        for cleanup in cleanups.reversed() { cleanup(self) }
        // What was started and whatever it started (i3bar, i3blocks, waybar, tmux's
        // panes, venuectl): SIGTERM, then SIGKILL to what is left after 2 s, by pid.
        // The started ones by their pid too: tmux rewrites its environment (its title).
        let own = started.map(\.processIdentifier)
        for round in 0..<60 {
            let left = (own + Self.pids(carrying: marker)).filter(Self.alive)
            if left.isEmpty { break }
            if round == 0 { for pid in left { kill(pid, SIGTERM) } }
            if round >= 40 { for pid in left { kill(pid, SIGKILL) } }
            usleep(50_000)
        }
    }

    /// Running (not gone, not a zombie waiting to be reaped).
    static func alive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }

    /// Processes whose environment holds `marker`.
    static func pids(carrying marker: String) -> [pid_t] {
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { pid in
            guard pid != me, let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return data.split(separator: 0).contains { $0.elementsEqual(marker.utf8) }
        }
    }
}

/// An RGB screenshot (binary PPM, P6, maxval 255) and the colour checks the tests make.
struct PixelImage {
    let width: Int, height: Int
    let bytes: [UInt8]

    init(ppm path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw TestFailure("no screenshot at \(path)") }
        let all = [UInt8](data)
        var index = 0, fields: [Int] = []
        guard all.starts(with: Array("P6".utf8)) else { throw TestFailure("\(path) is not a binary PPM") }
        index = 2
        while fields.count < 3 && index < all.count {
            while index < all.count && (all[index] == 0x20 || all[index] == 0x0A || all[index] == 0x09 || all[index] == 0x0D) { index += 1 }
            if index < all.count && all[index] == UInt8(ascii: "#") {
                while index < all.count && all[index] != 0x0A { index += 1 }
                continue
            }
            var value = 0
            while index < all.count, all[index] >= 0x30, all[index] <= 0x39 { value = value * 10 + Int(all[index] - 0x30); index += 1 }
            fields.append(value)
        }
        index += 1
        guard fields.count == 3, fields[2] == 255, all.count - index >= fields[0] * fields[1] * 3 else {
            throw TestFailure("\(path): unexpected PPM header \(fields)")
        }
        width = fields[0]; height = fields[1]
        bytes = Array(all[index..<(index + width * height * 3)])
    }

    static func rgb(_ hex: String) -> (Int, Int, Int) {
        let value = Int(hex.dropFirst(), radix: 16)!
        return (value >> 16, (value >> 8) & 0xff, value & 0xff)
    }

    /// Pixels within `tolerance` of `hex` on every channel (a glyph's solid strokes).
    func count(_ hex: String, tolerance: Int = 24) -> Int {
        let (r, g, b) = Self.rgb(hex)
        var total = 0
        for i in stride(from: 0, to: bytes.count, by: 3)
        where abs(Int(bytes[i]) - r) <= tolerance && abs(Int(bytes[i + 1]) - g) <= tolerance && abs(Int(bytes[i + 2]) - b) <= tolerance {
            total += 1
        }
        return total
    }

    /// Pixels tinted magenta (red and blue strong and alike, no green), solid or
    /// antialiased over a dark background: what an injected `#ff00ff` would draw. No
    /// colour of the palette, nor white, grey or i3's blues, is like that.
    var magentaPixels: Int {
        var total = 0
        for i in stride(from: 0, to: bytes.count, by: 3) {
            let r = Int(bytes[i]), g = Int(bytes[i + 1]), b = Int(bytes[i + 2])
            if r > 90 && b > 90 && abs(r - b) < 40 && g * 3 < min(r, b) { total += 1 }
        }
        return total
    }
}
