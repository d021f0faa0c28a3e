import CLinuxEvents
import Glibc

/// The terminal's alternate screen, for a display that redraws in place: the user's own screen comes back on
/// the way out, also after a signal, whose handler is in C to stay async-signal-safe.
public enum TerminalScreen {
    /// False when stdout could not be written.
    public static func enter() -> Bool { venued_screen_enter() == 0 }

    public static func leave() { venued_screen_leave() }

    /// Nil when stdout is not a terminal, or it says 0.
    public static func columns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    public static let home = "\u{1B}[H"
    /// At the end of each line of a redraw, so a shorter line leaves nothing of the longer one.
    public static let clearLine = "\u{1B}[K"
    /// After a redraw, so a shorter block leaves no old lines.
    public static let clearBelow = "\u{1B}[J"
}
