public enum VenueQuery {
    /// Lower case, no accents, curly quotes straight, as Foundation's diacritic folding, without linking Foundation.
    public static func fold(_ text: String) -> String {
        var folded = ""
        folded.unicodeScalars.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars where scalar.properties.generalCategory != .nonspacingMark {
            if scalar == "\u{2019}" || scalar == "\u{2018}" {
                folded.unicodeScalars.append("'")
            } else if let base = LatinBase.letter(of: scalar) {
                folded.unicodeScalars.append(base)
            } else if scalar.isASCII {
                let byte = UInt8(truncatingIfNeeded: scalar.value)
                folded.unicodeScalars.append(Unicode.Scalar((0x41...0x5A).contains(byte) ? byte + 32 : byte))
            } else { folded += scalar.properties.lowercaseMapping }
        }
        return folded
    }
}
