/// Text that came from outside — a feed, an upstream's error page, a command line, a
/// reply relayed over the socket — made safe to print where a terminal, a status bar
/// or a log reader will interpret it. The one sanitiser of both programs.
///
/// What it removes, whatever the shape:
/// - C0 controls (U+0000–U+001F) and DEL: ESC starts every escape sequence (window
///   title, clipboard via OSC 52, screen clearing), BEL ends OSC, BS and CR overwrite
///   what was already shown.
/// - C1 controls (U+0080–U+009F): U+009B is CSI and U+009D is OSC on a terminal that
///   reads 8-bit controls, without any ESC.
/// - The bidirectional embeddings, overrides and isolates (U+202A–U+202E,
///   U+2066–U+2069), which reorder what follows them up to the end of a paragraph:
///   the "Trojan Source" characters. A name ending in RLO would show the times after
///   it backwards.
///
/// Kept: every other character, including U+200E/U+200F (LRM, RLM) and U+061C (ALM).
/// Those marks open no directional run: each only decides which way the neutral
/// characters beside it face, so its effect ends at the next strong letter inside the
/// same field, and a Hebrew or Arabic name may need one to show its punctuation right.
///
/// Line breaks (LF, CR, CRLF, VT, FF, NEL, U+2028, U+2029) and TAB depend on the shape:
/// `singleLine` makes each a space, `multiline` makes each break one `\n` (and TAB a
/// space), `terminalOutput` keeps `\n` and TAB, drops the C0 and C1 breaks (CR would
/// let a line overwrite itself) and leaves U+2028 and U+2029, on which no terminal acts.
///
/// Clean text, the usual case, costs one pass over its bytes and no allocation: the
/// string itself is returned.
public enum UntrustedText {
    /// One line: a venue name, label, address or URL, an error line, a log entry.
    public static func singleLine(_ text: String) -> String { cleaned(text, .singleLine) }

    /// Free text that may span lines: a daypart's message. Each format decides what a
    /// `\n` becomes (JSON escapes it; `hours` indents each line).
    public static func multiline(_ text: String) -> String { cleaned(text, .multiline) }

    /// What a user typed, quoted back in an error line: every control or format
    /// character (a newline, an escape, a right-to-left override) written as a
    /// Swift-style escape (`\n`, `\u{1B}`), and a backslash doubled. Unlike the other
    /// shapes, nothing is removed: the point of the line is to show what was wrong with
    /// the text, on one line of a terminal, without acting on it.
    public static func escaped(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": shown += "\\n"
            case "\t": shown += "\\t"
            case "\r": shown += "\\r"
            case "\\": shown += "\\\\"
            default:
                switch scalar.properties.generalCategory {
                case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse:
                    shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                default:
                    shown.unicodeScalars.append(scalar)
                }
            }
        }
        return shown
    }

    /// Rendered output on its way to stdout: `\n`, TAB and the SGR colour sequences
    /// (`ESC [ digits;… m`) that plain output paints with are kept, every other control
    /// is dropped. For text that was rendered elsewhere (venued's answers) or from a
    /// user's own template, so that only colour can reach the terminal.
    public static func terminalOutput(_ text: String) -> String { cleaned(text, .terminalOutput) }

    private enum Shape { case singleLine, multiline, terminalOutput }

    /// What becomes of the bytes of one scalar (or of CRLF, or of an SGR sequence).
    private enum Fate { case keep, drop, space, newline }

    /// Longest SGR sequence kept: far more than any colour needs. A longer one is nothing
    /// venuectl writes, so its ESC goes like any other.
    private static let longestSGR = 64

    private static func cleaned(_ text: String, _ shape: Shape) -> String {
        var text = text
        let changed: String? = text.withUTF8 { bytes in
            var index = 0
            // The common case ends this loop at the end of the text and allocates nothing.
            while index < bytes.count {
                let byte = bytes[index]
                if byte &- 0x20 < 0x5F { index += 1; continue }   // printable ASCII
                let (length, fate) = step(bytes, index, shape)
                if fate != .keep { break }
                index += length
            }
            guard index < bytes.count else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            out.append(contentsOf: bytes[..<index])
            while index < bytes.count {
                let (length, fate) = step(bytes, index, shape)
                switch fate {
                case .keep: out.append(contentsOf: bytes[index..<index + length])
                case .drop: break
                case .space: out.append(0x20)
                case .newline: out.append(0x0A)
                }
                index += length
            }
            // Only whole scalars were dropped or replaced by ASCII: still valid UTF-8.
            return String(decoding: out, as: UTF8.self)
        }
        return changed ?? text
    }

    /// The fate of the scalar that starts at `index`, and how many bytes it covers.
    /// `bytes` is valid UTF-8 (a String's), so a lead byte's continuation bytes are
    /// there; the bounds are checked anyway, so that nothing can trap.
    private static func step(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ shape: Shape) -> (Int, Fate) {
        let byte = bytes[index]
        func next(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        /// A line break other than LF, in each shape.
        func lineBreak(_ length: Int, keptInOutput: Bool = false) -> (Int, Fate) {
            switch shape {
            case .singleLine: return (length, .space)
            case .multiline: return (length, .newline)
            case .terminalOutput: return (length, keptInOutput ? .keep : .drop)
            }
        }
        switch byte {
        case 0x20..<0x7F:
            return (1, .keep)
        case 0x0A:
            return (1, shape == .singleLine ? .space : .keep)
        case 0x0D:
            // CRLF is one break; on stdout the CR goes and the LF after it stays.
            if next(1) == 0x0A, shape != .terminalOutput { return lineBreak(2) }
            return lineBreak(1)
        case 0x0B, 0x0C:
            return lineBreak(1)
        case 0x09:
            return (1, shape == .terminalOutput ? .keep : .space)
        case 0x1B:
            if shape == .terminalOutput, let length = sgrLength(bytes, index) { return (length, .keep) }
            return (1, .drop)
        case 0x00..<0x20, 0x7F:
            return (1, .drop)
        case 0xC2:
            guard let second = next(1), (0x80...0x9F).contains(second) else { return (1, .keep) }
            return second == 0x85 ? lineBreak(2) : (2, .drop)   // NEL is a C1 line break
        case 0xE2:
            guard let second = next(1), let third = next(2) else { return (1, .keep) }
            switch (second, third) {
            case (0x80, 0xA8), (0x80, 0xA9): return lineBreak(3, keptInOutput: true)   // U+2028, U+2029
            case (0x80, 0xAA...0xAE), (0x81, 0xA6...0xA9): return (3, .drop)
            default: return (1, .keep)
            }
        default:
            // Other lead bytes and continuation bytes: nothing this sanitiser removes
            // starts with them, and no continuation byte equals 0xC2 or 0xE2.
            return (1, .keep)
        }
    }

    /// The length of `ESC [ [0-9;]* m` at `index`, or nil when another sequence starts there.
    private static func sgrLength(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int? {
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") else { return nil }
        var end = index + 2
        while end < bytes.count, end - index < longestSGR {
            switch bytes[end] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: ";"): end += 1
            case UInt8(ascii: "m"): return end + 1 - index
            default: return nil
            }
        }
        return nil
    }
}
