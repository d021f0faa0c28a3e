import DiningHours

/// `venuectl status` for people: a header naming the data (and, when it is old or
/// speaks for none of the venues, why and what helps), then the venues by kind (or
/// nearest first with `--near`), one line each. With `columns` (`$COLUMNS`) every line
/// is cut to fit, the detail at the end going first, so a narrow terminal never wraps.
package struct PlainFormat {
    package let report: StatusReport
    package let color: Bool
    /// The user's own zone, to say when venue times are in another one; nil means the
    /// venue zone itself.
    package let userZone: String?
    package let columns: Int?

    /// A run of text in one colour (an SGR code), so a line can be cut by what shows.
    private struct Segment {
        package let text: String
        package var code: String? = nil
    }

    package func render() -> String {
        var lines = header()
        for (heading, rows) in sections() where !rows.isEmpty {
            let width = rows.map(\.venue.name.count).max() ?? 0
            let walkWidth = rows.compactMap(\.walk?.count).max() ?? 0
            lines.append([])
            lines.append([Segment(text: heading, code: "1")])
            for line in rows {
                let name = line.venue.name + String(repeating: " ", count: width - line.venue.name.count)
                var segments = [Segment(text: "  "), Segment(text: marker(line), code: line.tone.ansi), Segment(text: " \(name)  "),
                                Segment(text: padded(line.stateWord, 8), code: line.tone.ansi), Segment(text: "  ")]
                if report.options.near != nil { segments.append(Segment(text: padded(line.walk ?? "?", walkWidth) + "  ")) }
                segments.append(Segment(text: line.detail))
                lines.append(segments)
            }
        }
        if report.rows.isEmpty {
            let empty = report.options.favorites ? "No favorites to show (add some with 'venuectl favorites add VENUE')." : "No venues to show."
            lines += [[], [Segment(text: empty)]]
        }
        return lines.map { fit($0).map(paint).joined() }.joined(separator: "\n") + "\n"
    }

    private func sections() -> [(String, [VenueLine])] {
        let lines = report.lines
        if let near = report.options.near { return [("Nearest to \(near.text)", lines)] }
        return VenueKind.allCases.map { kind in (kind.heading, lines.filter { $0.venue.kind == kind }) }
    }

    private func header() -> [[Segment]] {
        let zone = report.zone
        let local = zone.localDateTime(of: report.at)
        let data = report.coverage.map { "\(report.source.rawValue) data, \($0.first) to \($0.last)" } ?? "\(report.source.rawValue) data, no dates"
        var lines = [[Segment(text: "Penn dining at \(ClockText.day(local.date)) \(ClockText.clock(local)) · \(data)")]]
        if let userZone, zone.identifier != userZone {
            lines.append([Segment(text: "Times are in \(zone.identifier) (UTC\(offsetText(zone.offset(at: report.at)))).")])
        }
        let notes = StatusNotes(report)
        if let stale = notes.stale { lines.append([Segment(text: stale, code: Tone.closingSoon.ansi)]) }
        lines += notes.unknown.map { [Segment(text: "? " + $0, code: Tone.unknown.ansi)] }
        if report.rows.contains(where: \.status.estimated) {
            lines.append([Segment(text: "~ estimated: " + estimatedLegend(), code: Tone.closingSoon.ansi)])
        }
        return lines
    }

    /// What `~` means here: the whole date is projected, or only times past the data.
    private func estimatedLegend() -> String {
        let today = report.zone.localDate(of: report.at)
        guard let coverage = report.coverage, coverage.contains(today) else {
            return "the data does not cover this date, so hours are projected from the same weekday of the data's week."
        }
        return "the data ends on \(coverage.last); times after it are projected from the same weekday of the data's week."
    }

    private func offsetText(_ offset: Int) -> String {
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return "\(sign)\(minutes / 60)" + (minutes % 60 == 0 ? "" : ":\(minutes % 60)")
    }

    private func marker(_ line: VenueLine) -> String {
        switch line.tone {
        case .open: return "●"
        case .closingSoon: return "◐"
        case .closed: return "○"
        case .unknown: return "?"
        }
    }

    private func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    /// The segments cut to `columns` characters, the last shown one ending in `…`.
    private func fit(_ segments: [Segment]) -> [Segment] {
        guard let columns, segments.reduce(0, { $0 + $1.text.count }) > columns else { return segments }
        var left = max(0, columns - 1)
        var kept: [Segment] = []
        for segment in segments {
            guard left > 0 else { break }
            kept.append(Segment(text: String(segment.text.prefix(left)), code: segment.code))
            left -= min(left, segment.text.count)
        }
        kept.append(Segment(text: "…"))
        return kept
    }

    private func paint(_ segment: Segment) -> String {
        guard color, let code = segment.code else { return segment.text }
        return "\u{1B}[\(code)m\(segment.text)\u{1B}[0m"
    }
}
