import Testing
@testable import VenuectlApp
import VenuedSystem

/// The notice that venued is not running says how to start it where venuectl runs, and
/// the one that it answered wrongly where its log is read there.
@Suite struct StartHintTests {
    static let home = ["HOME": "/home/ann"]

    @Test("a venuectl built in a checkout says 'swift run venued', whatever is installed")
    func checkout() {
        let hint = StartHint.locate(executable: "/home/ann/venued/.build/x86_64-unknown-linux-gnu/debug/venuectl",
                                    environment: Self.home, exists: { _ in true })
        #expect(hint == .checkout)
        #expect(hint.text == "start it with 'swift run venued' in another terminal")
    }

    @Test("an installed socket unit, in any directory systemd --user reads, says systemctl", arguments: [
        "/home/ann/.local/share/systemd/user/venued.socket",   // make install PREFIX=~/.local
        "/home/ann/.config/systemd/user/venued.socket",
        "/usr/lib/systemd/user/venued.socket",                 // the Debian package
        "/usr/local/lib/systemd/user/venued.socket",
        "/etc/systemd/user/venued.socket",
    ])
    func unit(_ path: String) {
        let hint = StartHint.locate(executable: "/usr/bin/venuectl", environment: Self.home, exists: { $0 == path })
        #expect(hint == .userUnit)
        #expect(hint.text == "start it with 'systemctl --user start venued.socket'")
    }

    @Test("XDG_DATA_HOME and XDG_DATA_DIRS move the unit directories as they move systemd's")
    func xdgDirectories() {
        let environment = Self.home.merging(["XDG_DATA_HOME": "/data/ann", "XDG_DATA_DIRS": "/opt/share:relative"]) { $1 }
        let directories = VenuedPaths.userUnitDirectories(environment: environment)
        #expect(directories.contains("/data/ann/systemd/user") && !directories.contains("/home/ann/.local/share/systemd/user"))
        #expect(directories.contains("/opt/share/systemd/user") && !directories.contains("/usr/share/systemd/user"))
        #expect(!directories.contains { $0.hasPrefix("relative") }, "a relative XDG path is ignored, as the spec says")
    }

    @Test("binaries installed without units, or an unknown executable, say 'venued'")
    func foreground() {
        #expect(StartHint.locate(executable: "/opt/venued/bin/venuectl", environment: Self.home, exists: { _ in false }) == .foreground)
        #expect(StartHint.locate(executable: nil, environment: [:], exists: { _ in false }).text == "start it with 'venued' in another terminal")
    }

    @Test("the log hint of a venued that answered wrongly points where the start hint does")
    func logFollowsTheStartHint() {
        #expect(StartHint.checkout.logText == "see the terminal where 'swift run venued' runs")
        #expect(StartHint.userUnit.logText == "see 'journalctl --user -u venued'")
        #expect(StartHint.foreground.logText == "see the terminal where 'venued' runs")
        for hint in [StartHint.checkout, .userUnit, .foreground] {
            #expect(DaemonFailure.timedOut("/run/v.sock", seconds: 0.15, start: hint).hint == hint.logText)
            #expect(DaemonFailure.unusable("/run/v.sock", "went away", start: hint).hint == hint.logText)
        }
    }
}
