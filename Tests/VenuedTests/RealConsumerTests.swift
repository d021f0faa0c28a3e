import Foundation
import Glibc
import Testing

/// Every documented format in its real consumer (tmux, polybar, i3bar with i3blocks and
/// with `venuectl watch`, waybar under sway), configured as docs/integrations.md tells
/// users to, with venue names full of the characters each consumer reads as syntax
/// (`HostileFeed`). Text is read back where the consumer allows it (tmux); elsewhere
/// the screenshot proves the tones are drawn and no name's tag became a colour (no
/// magenta), and the consumer's log proves it parsed our output without complaint.
/// Serialized: each test starts a display server or two, and the machine has 2 cores.
@Suite(.serialized) struct RealConsumerTests {
    let session = ConsumerSession()
    let feed: HostileFeed
    let feedPath: String

    init() throws {
        feed = HostileFeed(directory: session.home.root)
        feedPath = try feed.install(in: session.home)
    }

    /// A documented command line, pointed at the test feed (and noon with `--at`).
    func command(_ format: String, _ selection: [String], verb: String = "status", at: Bool = true) -> String {
        (["venuectl", verb, "--format", format] + selection + ["--data", feedPath] + (at ? ["--at", HostileFeed.noon] : []) + ["2>/dev/null"])
            .joined(separator: " ")
    }

    static var favorites: [String] { ["--favorites"] }
    static var named: [String] { HostileFeed.named.map(String.init) }

    // MARK: tmux

    /// The status line as a terminal shows it: a second tmux runs a client of the first
    /// in its pane, and `capture-pane -e` returns that client's screen with its colours.
    @Test(.enabled(if: RealConsumers.have("tmux"), "tmux is not installed (Debian package tmux)"))
    func tmuxShowsEveryNameLiterallyInItsColourAndRunsNoCommandFromIt() throws {
        let tmux = RealConsumers.tool("tmux")!
        let inner = "venued-bars-\(getpid())-a", outer = "venued-bars-\(getpid())-b"
        let env = ["TMUX_TMPDIR": session.home.root]
        // integrations.md's lines; lengths that fit three hostile names, and a terminal
        // that takes 24-bit colour so the capture shows the palette's exact values.
        let conf = try session.write("""
            set -g status-interval 60
            set -g status-left-length 300
            set -g status-right-length 300
            set -g status-left '#(\(command("tmux", Self.favorites)) || echo "venuectl?") '
            set -g status-right '#(\(command("tmux", ["no-such-venue"])) || echo "venuectl?") #(\(command("tmux", Self.named)) || echo "venuectl?") %H:%M'
            set -as terminal-features ',screen-256color:RGB'

            """, to: "tmux.conf")
        // Each server in the foreground (-D), started and ended by the test: a daemonized
        // one would keep Foundation's wait for the client open.
        try session.start([tmux, "-L", inner, "-f", conf, "-D"], log: "tmux-inner.log", environment: env)
        try session.start([tmux, "-L", outer, "-f", "/dev/null", "-D"], log: "tmux-outer.log", environment: env)
        session.cleanups.append { session in
            for socket in [outer, inner] { _ = try? session.run([tmux, "-L", socket, "kill-server"], timeout: 5, environment: env) }
        }
        try session.waitFor("both tmux servers' sockets", tries: 100, interval: 0.05) {
            [inner, outer].allSatisfy { FileManager.default.fileExists(atPath: session.home.root + "/tmux-\(getuid())/" + $0) }
        }
        try session.run([tmux, "-L", inner, "new-session", "-d", "-x", "420", "-y", "4", "sleep 120"], environment: env)
        try session.run([tmux, "-L", outer, "new-session", "-d", "-x", "420", "-y", "5",
                         "TERM=screen-256color exec \(tmux) -L \(inner) attach"], environment: env)
        // Once the client is attached its #() jobs run; a client attached this early is
        // not always redrawn when they finish (tmux 3.3a), so the status line is
        // refreshed (-S) while waiting: the text is the jobs' output either way.
        var screen = ""
        try session.waitFor("both #() outputs on the attached client's status line (last capture: \(screen))", tries: 80, interval: 0.1) {
            for client in try session.run([tmux, "-L", inner, "list-clients", "-F", "#{client_name}"], environment: env).split(separator: "\n") {
                _ = try? session.run([tmux, "-L", inner, "refresh-client", "-S", "-t", String(client)], environment: env)
            }
            screen = try session.run([tmux, "-L", outer, "capture-pane", "-e", "-p"], environment: env)
            return screen.contains("Houston") && screen.contains("Rose") && screen.contains("unknown venue")
        }
        let status = screen.split(separator: "\n").last { $0.contains("Houston") }.map(String.init) ?? ""
        let plain = status.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        for id in HostileFeed.favorites + HostileFeed.named {
            #expect(plain.contains(feed.shown(id)), "tmux shows \(feed.shown(id)) literally; its status line: \(plain)")
        }
        // Each venue in its tone: the last SGR 24-bit foreground before its name.
        func foreground(before text: String) -> String? {
            guard let range = status.range(of: text) else { return nil }
            let head = String(status[..<range.lowerBound])
            guard let code = head.components(separatedBy: "\u{1B}[38;2;").last, head.contains("\u{1B}[38;2;") else { return nil }
            let rgb = code.prefix { $0 != "m" }.split(separator: ";").compactMap { Int($0) }
            return rgb.count == 3 ? "#" + rgb.map { String(format: "%02x", $0) }.joined() : nil
        }
        for id in HostileFeed.favorites + HostileFeed.named {
            let tone = feed.closedIDs.contains(id) ? HostileFeed.closed : HostileFeed.open
            #expect(foreground(before: feed.shown(id)) == tone, "\(feed.shown(id)) in \(tone)")
        }
        // On tmux's default status style (black on green, which this config keeps), each
        // name sits on the format's dark chip: the last background set before it is
        // #303030, not the line's green (SGR 42), on which the open green would vanish.
        func background(before text: String) -> String? {
            guard let range = status.range(of: text) else { return nil }
            let head = String(status[..<range.lowerBound])
            let codes = head.components(separatedBy: "\u{1B}[").dropFirst().map { $0.prefix { $0 != "m" } }
            guard let last = codes.last(where: { $0.hasPrefix("48;2;") || ($0.count == 2 && $0.hasPrefix("4")) || $0 == "49" }) else { return nil }
            return String(last)
        }
        for id in HostileFeed.favorites + HostileFeed.named {
            #expect(background(before: feed.shown(id)) == "48;2;48;48;48", "\(feed.shown(id)) on the dark chip: \(status)")
        }
        #expect(status.contains("\u{1B}[42m"), "the rest of the line keeps tmux's default green")
        // A mistyped venue in the command (exit 2 on its own) is said in the bar, in red.
        #expect(plain.contains("venuectl: unknown venue"), "\(plain)")
        #expect(foreground(before: "venuectl: unknown venue") == "#f44336")
        #expect(!status.contains("38;2;255;0;255"), "a name's #[fg=#ff00ff] became a colour: \(status)")
        #expect(!FileManager.default.fileExists(atPath: feed.pwned), "tmux ran the #(touch ...) in a venue's name")
    }

    // MARK: polybar

    @Test(.enabled(if: RealConsumers.have("polybar", "Xvfb", "import"),
                   "needs polybar, Xvfb and imagemagick's import (Debian packages polybar, xvfb, imagemagick)"))
    func polybarDrawsEachVenueInItsToneAndNoNameTagBecomesAColour() throws {
        let display = try session.startXvfb(width: 3000, height: 40)
        let config = try session.write("""
            [bar/dining]
            width = 100%
            height = 24
            background = #000000
            foreground = #ffffff
            font-0 = DejaVu Sans:size=10;2
            modules-left = dining
            modules-right = dining-named

            [module/dining]
            type = custom/script
            exec = \(command("polybar", Self.favorites))
            interval = 60

            [module/dining-named]
            type = custom/script
            exec = \(command("polybar", Self.named))
            interval = 60

            """, to: "config/polybar/config.ini")
        try session.start([RealConsumers.tool("polybar")!, "--config=" + config, "--log=info", "dining"],
                          log: "polybar.log", environment: ["DISPLAY": display])
        var shot = try session.screenshotX(display)
        try session.waitFor("polybar's green and red text") {
            shot = try session.screenshotX(display)
            return shot.count(HostileFeed.open) > 100 && shot.count(HostileFeed.closed) > 100
        }
        #expect(shot.magentaPixels == 0, "a name's %{F#ff00ff} became a colour (\(shot.magentaPixels) magenta pixels)")
        let log = session.log("polybar.log")
        // polybar logs a tag it cannot parse ("Failed to parse contents", "Unrecognized tag").
        let complaints = log.split(separator: "\n").filter { $0.contains("error") || $0.contains("parse") }
        #expect(complaints.isEmpty, "polybar: \(complaints)")
        #expect(log.contains("Invoking shell command: \"venuectl status --format polybar --favorites"))
    }

    // MARK: i3bar

    /// i3 with `bars`, on a fresh Xvfb; the screenshot once `ready` holds, and i3's log.
    func runI3(bars: String, environment extra: [String: String] = [:], ready: (PixelImage) -> Bool) throws -> (PixelImage, String) {
        let display = try session.startXvfb(width: 3000, height: 80)
        let config = try session.write("""
            # i3 config file (v4)
            font pango:DejaVu Sans 10
            \(bars)

            """, to: "config/i3/config")
        try session.start([RealConsumers.tool("i3")!, "-c", config], log: "i3.log", environment: ["DISPLAY": display].merging(extra) { $1 })
        var shot = try session.screenshotX(display)
        try session.waitFor("i3bar's coloured blocks") {
            shot = try session.screenshotX(display)
            return ready(shot)
        }
        return (shot, session.log("i3.log"))
    }

    @Test(.enabled(if: RealConsumers.have("i3", "i3bar", "i3blocks", "Xvfb", "import"),
                   "needs i3, i3blocks, Xvfb and imagemagick's import (Debian packages i3-wm, i3blocks, xvfb, imagemagick)"))
    func i3blocksBlocksAreDrawnInTheirToneAsPlainText() throws {
        // integrations.md's i3blocks config in i3blocks' own place, read by a bare `i3blocks`.
        _ = try session.write("""
            [dining]
            command=\(command("i3blocks", Self.favorites))
            interval=60

            [dining-named]
            command=\(command("i3blocks", Self.named))
            interval=60

            """, to: "config/i3blocks/config")
        let (shot, log) = try runI3(bars: "bar {\n    status_command i3blocks\n}") { $0.count(HostileFeed.open) > 200 }
        #expect(shot.magentaPixels == 0, "a name's markup or tag became a colour (\(shot.magentaPixels) magenta pixels)")
        #expect(!log.contains("ERROR") && !log.lowercased().contains("parse"), "i3 or i3bar complained: \(log)")
    }

    /// integrations.md's click actions and --hide-empty in a real i3blocks, which needs no
    /// display: it prints the i3bar protocol and reads i3bar's click events on stdin, so
    /// the test plays i3bar. A middle click toggles the favorite; the favorites block,
    /// hidden while the set is empty, then shows it.
    @Test(.enabled(if: RealConsumers.have("i3blocks"), "needs i3blocks (Debian package i3blocks)"))
    func i3blocksClickTogglesAFavoriteAndAnEmptyFavoritesBlockIsHidden() throws {
        let at = "--at 2023-09-18T12:00"
        try "".write(toFile: session.home.root + "/config/venued/favorites", atomically: true, encoding: .utf8)
        let config = try session.write("""
            [dining]
            command=venuectl status --favorites --hide-empty --format i3blocks \(at) 2>/dev/null || echo 'venuectl?'
            interval=1

            [commons]
            command=case "${button:-$BLOCK_BUTTON}" in 2) venuectl favorites toggle commons >/dev/null 2>&1 ;; esac; venuectl status commons --format i3blocks \(at) 2>/dev/null || echo 'venuectl?'
            interval=60

            """, to: "i3blocks-clicks.conf")
        let clicks = try session.write("", to: "clicks")
        try session.start(["/bin/sh", "-c", "tail -f \(clicks) | exec i3blocks -c \(config)"], log: "i3blocks-clicks.log")
        func lastLine() -> [[String: Any]] {
            guard let line = session.log("i3blocks-clicks.log").split(separator: "\n").last(where: { $0.contains("commons") || $0.contains("Commons") }) else { return [] }
            let array = line.drop { $0 == "," }
            return (try? JSONSerialization.jsonObject(with: Data(array.utf8))) as? [[String: Any]] ?? []
        }
        func text(_ name: String) -> String? { lastLine().first { $0["name"] as? String == name }?["full_text"] as? String }
        try session.waitFor("the commons block (log: \(session.log("i3blocks-clicks.log")))") { text("commons")?.hasPrefix("1920 Commons open till 4:30pm") == true }
        #expect(text("dining") == nil, "no favorites: the block is hidden (empty output), not 'no venues'")
        // i3bar's click stream: an opening bracket, then one object per click.
        let handle = try #require(FileHandle(forWritingAtPath: clicks))
        handle.write(Data("[\n{\"name\":\"commons\",\"instance\":\"\",\"button\":2,\"x\":5,\"y\":5}\n".utf8))
        try handle.close()
        try session.waitFor("the favorites block after the click (log: \(session.log("i3blocks-clicks.log")))") {
            text("dining")?.hasPrefix("1920 Commons open till 4:30pm") == true
        }
        let favorites = try String(contentsOfFile: session.home.root + "/config/venued/favorites", encoding: .utf8)
        #expect(favorites.contains("\n593  # 1920 Commons\n"), "\(favorites)")
    }

    @Test(.enabled(if: RealConsumers.have("i3", "i3bar", "Xvfb", "import"),
                   "needs i3, Xvfb and imagemagick's import (Debian packages i3-wm, xvfb, imagemagick)"))
    func i3barFollowsWatchAndDrawsEachVenueInItsTone() throws {
        // Two bars, as the streaming config in integrations.md: favorites, and venues named.
        let bars = """
            bar {
                position top
                status_command \(command("i3bar", Self.favorites, verb: "watch", at: false))
            }
            bar {
                position bottom
                status_command \(command("i3bar", Self.named, verb: "watch", at: false))
            }
            """
        let (shot, log) = try runI3(bars: bars) { $0.count(HostileFeed.open) > 200 && $0.count(HostileFeed.closed) > 100 }
        #expect(shot.magentaPixels == 0, "a name's markup or tag became a colour (\(shot.magentaPixels) magenta pixels)")
        #expect(!log.contains("ERROR") && !log.lowercased().contains("parse"), "i3 or i3bar complained: \(log)")
    }

    // MARK: waybar

    static var canRunSway: Bool {
        RealConsumers.have("sway", "waybar", "grim") && (getuid() != 0 || RealConsumers.have("setpriv"))
    }

    @Test(.enabled(if: canRunSway, "needs sway, waybar and grim (Debian packages sway, waybar, grim), and setpriv when run as root"))
    func waybarShowsTheNamesAsTextNotMarkupInTheToneOfItsClass() throws {
        let root = session.home.root
        // sway refuses root: run it as nobody, with a runtime directory of its own.
        let asRoot = getuid() == 0
        var template = Array("/tmp/venued-sway-XXXXXX".utf8CString)
        let runtime = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        session.cleanups.append { _ in try? FileManager.default.removeItem(atPath: runtime) }
        if asRoot {
            chown(runtime, 65534, 65534)
            for path in [root, root + "/config", root + "/config/venued"] { chmod(path, 0o755) }
        }
        chmod(runtime, 0o700)
        _ = try session.write("""
            {
                "layer": "top", "position": "top", "height": 26,
                "modules-left": ["custom/dining"],
                "modules-right": ["custom/dining-named"],
                "custom/dining": {
                    "exec": "\(command("waybar", Self.favorites))",
                    "return-type": "json",
                    "interval": 60,
                    "format": "{}",
                    "tooltip": true
                },
                "custom/dining-named": {
                    "exec": "\(command("waybar", Self.named))",
                    "return-type": "json",
                    "interval": 60,
                    "format": "{}",
                    "tooltip": true
                }
            }

            """, to: "config/waybar/config")
        // integrations.md's style.css, plus a font and a black background to measure on.
        _ = try session.write("""
            * { font-family: "DejaVu Sans"; font-size: 13px; }
            window#waybar { background: #000000; color: #ffffff; }
            #custom-dining.open, #custom-dining-named.open { color: #4caf50; }
            #custom-dining.closing-soon, #custom-dining-named.closing-soon { color: #ff9800; }
            #custom-dining.closed, #custom-dining-named.closed { color: #f44336; }
            #custom-dining.unknown, #custom-dining-named.unknown { color: #9e9e9e; }

            """, to: "config/waybar/style.css")
        let waybarLog = runtime + "/waybar.log"
        let swayConfig = try session.write("""
            output HEADLESS-1 resolution 3000x60
            exec waybar > \(waybarLog) 2>&1

            """, to: "sway.conf")
        for path in [swayConfig, feedPath] { chmod(path, 0o644) }
        let user = asRoot ? [RealConsumers.tool("setpriv")!, "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--"] : []
        let wayland = ["XDG_RUNTIME_DIR": runtime, "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman"]
        try session.start(user + [RealConsumers.tool("sway")!, "-c", swayConfig], log: "sway.log", environment: wayland)
        var socket = ""
        try session.waitFor("sway's Wayland socket", tries: 100, interval: 0.05) {
            socket = ((try? FileManager.default.contentsOfDirectory(atPath: runtime)) ?? []).first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") } ?? ""
            return !socket.isEmpty
        }
        let shotPath = runtime + "/screen.ppm"
        var shot: PixelImage?
        try session.waitFor("waybar's green text", tries: 60, interval: 0.25) {
            try? FileManager.default.removeItem(atPath: shotPath)
            _ = try? session.run(user + [RealConsumers.tool("grim")!, "-t", "ppm", shotPath], environment: wayland.merging(["WAYLAND_DISPLAY": socket]) { $1 })
            shot = try? PixelImage(ppm: shotPath)
            return (shot?.count(HostileFeed.open) ?? 0) > 200
        }
        #expect(shot?.magentaPixels == 0, "a name's <span color='#ff00ff'> became a colour (\(shot?.magentaPixels ?? -1) magenta pixels)")
        let log = (try? String(contentsOfFile: waybarLog, encoding: .utf8)) ?? ""
        // Text that is not valid Pango markup is logged by GTK ("Failed to set text from markup").
        #expect(!log.lowercased().contains("markup") && !log.contains("[error]"), "waybar: \(log)")
    }
}
