/// How a person names a venue on the command line: its id, or part of its name in
/// any case and with or without accents ("cafe" finds "Accenture Café").
public struct VenueQuery: Sendable, Equatable {
    public let text: String

    public init(_ text: String) { self.text = text }

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
                folded.unicodeScalars.append(scalar.value >= 0x41 && scalar.value <= 0x5A ? Unicode.Scalar(scalar.value + 32)! : scalar)
            } else {
                folded += scalar.properties.lowercaseMapping
            }
        }
        return folded
    }

    /// The venues this query names: the one with this id, or every venue whose
    /// name contains it.
    public func matches(in venues: [Venue]) -> [Venue] {
        let wanted = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        if let id = Int(wanted), let venue = venues.first(where: { $0.id == id }) { return [venue] }
        let folded = Self.fold(wanted)
        guard !folded.isEmpty else { return [] }
        return venues.filter { Self.fold($0.name).contains(folded) }
    }

    /// Up to `limit` venue names closest to the query, for "did you mean".
    public func suggestions(in venues: [Venue], limit: Int = 3) -> [String] {
        let folded = Self.fold(text)
        return venues
            .map { venue -> (String, Int) in
                let name = Self.fold(venue.name)
                // Compare against the name's words as well, so "comons" finds "1920 Commons".
                let words = name.split(separator: " ").map(String.init)
                let distance = ([name] + words).map { editDistance($0, folded) }.min() ?? Int.max
                return (venue.name, distance)
            }
            .filter { $0.1 <= max(2, folded.count / 3) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            .prefix(limit)
            .map(\.0)
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
