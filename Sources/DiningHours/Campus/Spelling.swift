public enum Spelling {
    public static func closest(to word: String, among candidates: [String]) -> [String] {
        let typed = Array(VenueQuery.fold(word))
        // One edit per three letters, since a swapped pair ("stauts") is the usual slip; none under three letters.
        guard typed.count >= 3 else { return [] }
        let allowed = max(1, typed.count / 3)
        let scored = candidates.compactMap { candidate in
            distance(typed, Array(VenueQuery.fold(candidate)), within: allowed).map { (name: candidate, edits: $0) }
        }
        let nearest = scored.map(\.edits).min()
        return scored.filter { $0.edits == nearest }.map(\.name)
    }

    /// Lengths too far apart are ruled out before the quadratic comparison, so a 16 KB argument costs little.
    static func distance(_ a: [Character], _ b: [Character], within allowed: Int) -> Int? {
        guard abs(a.count - b.count) <= allowed else { return nil }
        let edits = distance(a, b)
        return edits <= allowed ? edits : nil
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous) = (previous, current)
        }
        return previous[b.count]
    }
}
