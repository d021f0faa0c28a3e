/// The one sanitiser of both programs: removes C0 and C1 controls, DEL and the "Trojan Source" bidi embeddings,
/// overrides and isolates (LRM, RLM, ALM stay). Clean text, the usual case, costs one pass and no allocation.
public enum UntrustedText {
    /// Line breaks (LF, CR, CRLF, VT, FF, NEL, U+2028, U+2029) and TAB become a space.
    public static func singleLine(_ text: String) -> String { cleaned(text, .singleLine) }
    /// Each line break becomes one `\n`, TAB a space.
    public static func multiline(_ text: String) -> String { cleaned(text, .multiline) }

    /// Every control or format character as a Swift-style escape (`\u{1B}`), so a quoted argument shows inert.
    public static func escaped(_ text: String) -> String {
        let hidden: [Unicode.GeneralCategory] = [.control, .format, .lineSeparator, .paragraphSeparator, .surrogate,
                                                 .unassigned, .privateUse]
        var shown = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": shown += "\\n"
            case "\t": shown += "\\t"
            case "\r": shown += "\\r"
            case "\\": shown += "\\\\"
            case _ where hidden.contains(scalar.properties.generalCategory):
                shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// Of the controls only `\n`, TAB and SGR colour sequences stay.
    public static func terminalOutput(_ text: String) -> String { cleaned(text, .terminalOutput) }
    private enum Shape { case singleLine, multiline, terminalOutput }
    private enum Fate { case keep, drop, space, newline }
    private static let longestSGR = 64

    private static func cleaned(_ text: String, _ shape: Shape) -> String {
        var text = text
        let changed: String? = text.withUTF8 { bytes in
            var index = 0
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

    private static func step(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ shape: Shape) -> (Int, Fate) {
        let byte = bytes[index]
        func next(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        func lineBreak(_ length: Int, keptInOutput: Bool = false) -> (Int, Fate) {
            (length, shape == .singleLine ? .space : shape == .multiline ? .newline : keptInOutput ? .keep : .drop)
        }
        switch byte {
        case 0x20..<0x7F: return (1, .keep)
        case 0x0A: return (1, shape == .singleLine ? .space : .keep)
        case 0x0D:
            // CRLF is one break; on stdout the CR goes and the LF after it stays.
            return lineBreak(next(1) == 0x0A && shape != .terminalOutput ? 2 : 1)
        case 0x0B, 0x0C: return lineBreak(1)
        case 0x09: return (1, shape == .terminalOutput ? .keep : .space)
        case 0x1B:
            if shape == .terminalOutput, let length = sgrLength(bytes, index) { return (length, .keep) }
            return (1, .drop)
        case 0x00..<0x20, 0x7F: return (1, .drop)
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
            // Nothing this sanitiser removes starts with these, and no continuation byte equals 0xC2 or 0xE2.
            return (1, .keep)
        }
    }

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
