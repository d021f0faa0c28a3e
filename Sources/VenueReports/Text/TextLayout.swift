import DiningHours

/// Small pieces of the text answers' layout, shared so that columns and words agree.
extension String {
    /// The string followed by spaces up to `width` characters: one column of a table.
    package func padded(to width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(0, width - count))
    }

    /// At most `width` characters: cut, the last one shown as `…`, when longer.
    package func truncated(to width: Int) -> String {
        guard count > width else { return self }
        return width <= 0 ? "" : String(prefix(width - 1)) + "…"
    }

    /// The text in lines of at most `width` characters, broken at `separator` (a space,
    /// `", "`, `" · "`: its visible part, `,` or `·`, stays at the end of the line), each
    /// line after the first starting with `indent`. A piece longer than a line is cut
    /// with `…`, except a URL, which a cut would break and a terminal wraps by itself.
    package func wrapped(to width: Int, indent: String = "  ", separator: String = " ") -> [String] {
        guard count > width else { return [self] }
        let kept = String(separator.reversed().drop { $0 == " " }.reversed())
        let pieces = split(at: separator)
        var lines: [String] = []
        var current = pieces[0]
        for (index, piece) in pieces.enumerated().dropFirst() {
            let joined = current + separator + piece
            let isLast = index == pieces.count - 1
            if joined.count + (isLast ? 0 : kept.count) <= width {
                current = joined
            } else {
                lines.append(current + kept)
                current = indent + piece
            }
        }
        lines.append(current)
        // A piece too long for a line of its own breaks at its spaces, then is cut.
        if separator != " " {
            lines = lines.flatMap { $0.count <= width ? [$0] : $0.wrapped(to: width, indent: indent) }
        }
        return lines.map { $0.count <= width || $0.contains("://") ? $0 : $0.truncated(to: width) }
    }

    /// The pieces between occurrences of `separator` (Foundation's `components(separatedBy:)`).
    private func split(at separator: String) -> [String] {
        guard !separator.isEmpty else { return [self] }
        var pieces: [String] = []
        var rest = self[...]
        while let range = rest.firstRange(of: separator) {
            pieces.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        pieces.append(String(rest))
        return pieces
    }
}

/// The terminal width the text answers fit: `$COLUMNS` when it is a positive number.
package enum TerminalWidth {
    package static func columns(environment: [String: String]) -> Int? {
        environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    }
}

extension VenueKind {
    /// "dining hall" or "retail", for a line about one venue.
    package var noun: String { self == .diningHall ? "dining hall" : "retail" }
}
