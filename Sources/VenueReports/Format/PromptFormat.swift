/// `--format prompt`, for starship and PS1: one short line, no colour codes (the prompt
/// styles it), `(old)` at its end when the data is stale, nothing at all when no venue
/// is chosen so the prompt segment vanishes.
/// Shows the first two chosen venues ("1920 Commons open till 8pm · Hill House opens
/// 5pm +3"): point it at your favorites (`filter = favorites` in venuectl.conf).
package enum PromptFormat {
    package static let shown = 2

    package static func render(_ report: StatusReport) -> String {
        let lines = report.lines
        guard !lines.isEmpty else { return "" }
        let more = lines.count > shown ? " +\(lines.count - shown)" : ""
        let marker = report.dataAge.isStale ? " " + StatusNotes.staleMarker : ""
        return lines.prefix(shown).map(\.summary).joined(separator: BarSummary.separator) + more + marker + "\n"
    }
}
