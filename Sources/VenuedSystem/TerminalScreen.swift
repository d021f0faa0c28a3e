import CLinuxEvents
import Glibc

/// The terminal's alternate screen, for a display that redraws in place (`venuectl
/// watch` on a terminal), as `less` and `top` use it: the user's own screen comes back
/// untouched on the way out, whichever way it is: the end, an error, or a signal
/// (SIGINT, SIGTERM, SIGHUP, SIGQUIT), whose handler, in C to stay async-signal-safe,
/// leaves the screen before the signal ends the process.
public enum TerminalScreen {
    /// Moves to the alternate screen; false when stdout could not be written.
    public static func enter() -> Bool { venued_screen_enter() == 0 }

    /// Back to the user's screen; nothing if it was not left.
    public static func leave() { venued_screen_leave() }

    /// The width of stdout's terminal (TIOCGWINSZ); nil when it is not one, or says 0.
    public static func columns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Cursor home: the start of each redraw.
    public static let home = "\u{1B}[H"
    /// Erase to the end of the line: at the end of each line of a redraw, so a shorter
    /// line leaves nothing of the longer one before it.
    public static let clearLine = "\u{1B}[K"
    /// Erase below the cursor: after a redraw, so a shorter block leaves no old lines.
    public static let clearBelow = "\u{1B}[J"
}
