/// "Did you mean" for names that are not venues (venuectl's commands, zone names); venue names have their
/// own ranked search (`VenueSearch`).
public enum Spelling {
    /// The nearest candidates within `allowedEdits` of `word` (case and accents aside); lengths too far apart
    /// are ruled out before the quadratic comparison, so a long argument costs what a short one does.
    public static func closest(to word: String, among candidates: [String]) -> [String] {
        let typed = Array(VenueQuery.fold(word))
        let allowed = allowedEdits(typed.count)
        guard allowed > 0 else { return [] }
        let scored = candidates.compactMap { candidate -> (name: String, edits: Int)? in
            let folded = Array(VenueQuery.fold(candidate))
            guard abs(folded.count - typed.count) <= allowed else { return nil }
            let edits = distance(typed, folded)
            return edits <= allowed ? (candidate, edits) : nil
        }
        let nearest = scored.map(\.edits).min()
        return scored.filter { $0.edits == nearest }.map(\.name)
    }

    /// One edit per three letters, since a swapped pair ("stauts") is the usual slip in a short word typed from
    /// memory; none under three letters, where every name is close.
    static func allowedEdits(_ length: Int) -> Int { length < 3 ? 0 : max(1, length / 3) }

    /// Edits between `a` and `b`, a swap of two neighbours counted as one (optimal string alignment distance).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], before[j - 2] + 1) }
            }
            (before, previous) = (previous, current)
        }
        return previous[b.count]
    }
}
