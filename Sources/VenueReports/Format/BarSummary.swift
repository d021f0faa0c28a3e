/// What a status bar shows: names or a count in one tone, `(old)` when stale, every venue and note in the tooltip.
package struct BarSummary {
    /// More venues than this are summed up as "N of M open"; three names fill a bar.
    package static let namedLimit = 3
    package let lines: [VenueLine], openNow: Bool
    /// `--hide-empty` and nothing to show: line formats print an empty line, so a stream (`watch`) clears the last one.
    package let hidden: Bool
    package static let hiddenLine = "\n"
    package let notes: StatusNotes, marker: String?
    /// Counts the venues `--open-now` left out too, so that a count with no hours behind it does not read "0 open".
    package let headcount: Headcount

    package init(_ report: StatusReport) {
        lines = report.lines
        headcount = Headcount(report)
        openNow = report.options.openNow
        // Not when --open-now left out venues of unknown hours: an empty module would say nothing is open.
        hidden = report.options.hideEmpty && lines.isEmpty && headcount.withheld == 0
        notes = StatusNotes(report)
        marker = report.dataAge.isStale ? StatusNotes.staleMarker : nil
    }

    package var classes: [String] { [tone.rawValue] + (marker == nil ? [] : ["stale"]) }
    package var openCount: Int { lines.count { $0.status.state == .open } }

    /// Up to `namedLimit` names, else the count; venues without hours (also left out) are counted apart, in grey.
    package var pieces: [(text: String, tone: Tone)] {
        if lines.isEmpty { return [(headcount.noneOpen ?? (openNow ? "nothing open" : "no venues"), .unknown)] }
        if lines.count > Self.namedLimit {
            return [(headcount.hasUnknown ? headcount.count : "\(openCount) of \(lines.count) open", tone)]
        }
        return lines.map { ($0.summary, $0.tone) } + (withheldText.map { [($0, .unknown)] } ?? [])
    }

    package var withheldText: String? { headcount.withheld == 0 ? nil : "no hours for \(headcount.withheld)" }
    package static let separator = " · "
    package var text: String { marked(pieces.map(\.text).joined(separator: Self.separator)) }

    package var shortText: String {
        if lines.count == 1 && headcount.withheld == 0 { return marked(lines[0].shortSummary) }
        return marked(headcount.hasUnknown ? headcount.short : "\(openCount)/\(lines.count) open")
    }

    package var tooltip: String {
        let venues = lines.map { "\($0.venue.name): \($0.stateWord), \($0.detail)" }, notes = notes.all
        return (venues + (notes.isEmpty || venues.isEmpty ? notes : [""] + notes)).joined(separator: "\n")
    }

    private func marked(_ text: String) -> String { marker.map { text + " " + $0 } ?? text }
    /// Grey, not red, when none is open and some have no hours: unknown is never "closed".
    package var tone: Tone { Tone.combined(lines.map(\.tone) + Array(repeating: .unknown, count: headcount.withheld)) }
    package var percentOpen: Int { lines.isEmpty ? 0 : (openCount * 100 + lines.count / 2) / lines.count }
}
