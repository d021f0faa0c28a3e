import DiningHours

extension String {
    package func padded(to width: Int) -> String { self + String(repeating: " ", count: Swift.max(0, width - count)) }

    package func truncated(to width: Int) -> String {
        guard count > width else { return self }
        return width <= 0 ? "" : String(prefix(width - 1)) + "…"
    }

    /// Broken at `separator`, whose visible part (`·`) ends the line; a longer piece is cut with `…`, except a URL,
    /// which a cut would break and a terminal wraps by itself.
    package func wrapped(to width: Int, indent: String = "  ", separator: String = " ") -> [String] {
        guard count > width else { return [self] }
        let kept = String(separator.reversed().drop { $0 == " " }.reversed())
        let pieces = separator.isEmpty ? [self]
            : split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        var lines: [String] = [], current = pieces[0]
        for (index, piece) in pieces.enumerated().dropFirst() {
            let joined = current + separator + piece, isLast = index == pieces.count - 1
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
}

package enum TerminalWidth {
    package static func columns(environment: [String: String]) -> Int? {
        environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    }
}

extension VenueKind {
    package var noun: String { self == .diningHall ? "dining hall" : "retail" }
}
