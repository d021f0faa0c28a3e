/// `--format prompt`, for starship and PS1: one short line without colour codes, empty when no venue is chosen so the
/// segment vanishes, but never when `--open-now` lacks hours for some: that would claim everything is closed.
package enum PromptFormat {
    package static let shown = 2

    package static func render(_ report: StatusReport) -> String {
        let lines = report.lines, headcount = Headcount(report)
        // A followed dish soon (`--dishes`) ends the line: the reason the prompt asked.
        let dish = report.dishAlerts.first.map { BarSummary.separator + DishAlertText.line($0, zone: report.zone, at: report.at) } ?? ""
        let marker = dish + (report.dataAge.isStale ? " " + StatusNotes.staleMarker : "")
        guard !lines.isEmpty else {
            let none = headcount.allUnknown ? "no hours known" : headcount.noneOpen
            return none.map { $0 + marker + "\n" } ?? ""
        }
        let more = lines.count > shown ? " +\(lines.count - shown)" : ""
        let withheld = headcount.withheld == 0 ? "" : "; no hours for \(headcount.withheld)"
        return lines.prefix(shown).map(\.summary).joined(separator: BarSummary.separator) + more + withheld + marker + "\n"
    }
}
