import CLinuxEvents
import Glibc

/// The alternate screen, for redrawing in place; the user's screen comes back also after a signal (C handler: safe).
public enum TerminalScreen {
    public static func enter() -> Bool { venued_screen_enter() == 0 }
    public static func leave() { venued_screen_leave() }
    public static let home = "\u{1B}[H"
    public static let clearLine = "\u{1B}[K"
    public static let clearBelow = "\u{1B}[J"

    public static func columns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
