/// How names are compared: what a person types and a venue's name, both folded so that
/// case and accents do not matter ("cafe" finds "Accenture Café"). `VenueSearch` ranks
/// and `VenueResolution` picks venues on top of it.
public enum VenueQuery {
    /// Folded for comparison: lower case, no accents, curly quotes made straight.
    /// Accents are dropped by table (Latin-1 and Latin Extended-A, where venue names
    /// live) and as combining marks, which is what Foundation's diacritic folding does
    /// for these letters, without linking Foundation into the CLI.
    public static func fold(_ text: String) -> String {
        var folded = ""
        folded.unicodeScalars.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar == "\u{2019}" || scalar == "\u{2018}" {
                folded.unicodeScalars.append("'")
            } else if scalar.properties.generalCategory == .nonspacingMark {
                continue
            } else if let base = LatinBase.letter(of: scalar) {
                folded.unicodeScalars.append(base)
            } else if scalar.isASCII {
                folded.unicodeScalars.append(scalar.value >= 0x41 && scalar.value <= 0x5A ? Unicode.Scalar(UInt8(truncatingIfNeeded: scalar.value + 32)) : scalar)
            } else {
                folded += scalar.properties.lowercaseMapping
            }
        }
        return folded
    }
}

/// Levenshtein distance over characters.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in stride(from: 1, through: b.count, by: 1) {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
