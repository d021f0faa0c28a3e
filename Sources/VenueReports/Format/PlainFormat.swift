import DiningHours

/// `venuectl status` for people. Within `columns`, what matters least goes first: header sentences wrap, a line drops
/// its meal, then the table turns narrow (the bar's phrase, names cut with `…`), and only then is a line cut.
package struct PlainFormat {
    package let report: StatusReport, color: Bool
    /// `userZone` says when venue times are in another zone; nil means the venue zone itself.
    package let userZone: String?, columns: Int?
    package var countdown = true

    /// A run of text in one colour (an SGR code), so a line can be cut by what shows.
    private struct Segment {
        let text: String
        var code: String? = nil
    }

    package func render() -> String {
        var lines = header().flatMap(wrapped)
        for (heading, rows) in sections() where !rows.isEmpty {
            lines += [[], [Segment(text: heading, code: "1")]]
            for (row, line) in zip(rows, table(rows)) {
                lines.append(line)
                if let stations = report.stations[row.venue.id] {
                    lines.append([Segment(text: "    stations: " + stations.joined(separator: ", "))])
                }
            }
        }
        // What `--open-now` says of the venues it left out for want of hours, never claiming "none open" for them.
        let headcount = Headcount(report)
        if headcount.withheld > 0 {
            let unknown = headcount.noneOpen.map { $0.prefix(1).uppercased() + $0.dropFirst() + "." }
                ?? "No hours for \(headcount.withheld) of \(Headcount.venues(headcount.total)), so --open-now cannot"
                + " say whether they are open."
            lines += [[]] + wrapped([Segment(text: unknown, code: Tone.unknown.ansi)])
        } else if report.rows.isEmpty {
            let empty = report.options.favorites ? "No favorites to show (add some with 'venuectl favorites add VENUE')." : "No venues to show."
            lines += [[]] + wrapped([Segment(text: empty)])
        }
        return lines.map { fit($0).map(paint).joined() }.joined(separator: "\n") + "\n"
    }

    private func table(_ rows: [VenueLine]) -> [[Segment]] {
        let nameWidth = rows.map(\.venue.name.count).max() ?? 0, walkWidth = rows.compactMap(\.walk?.count).max() ?? 0
        func wide(_ line: VenueLine, _ detail: String) -> [Segment] {
            var segments = [Segment(text: "  "), Segment(text: line.tone.marker, code: line.tone.ansi),
                            Segment(text: " " + line.venue.name.padded(to: nameWidth) + "  "),
                            Segment(text: line.stateWord.padded(to: 8), code: line.tone.ansi), Segment(text: "  ")]
            if report.options.near != nil { segments.append(Segment(text: (line.walk ?? "?").padded(to: walkWidth) + "  ")) }
            return segments + [Segment(text: detail)]
        }
        guard let columns else { return rows.map { wide($0, $0.detail) } }
        // The wide table while every row fits with at least its closing or opening time.
        if rows.allSatisfy({ width(wide($0, $0.essentialDetail)) <= columns }) {
            return rows.map { line in
                let whole = wide(line, line.detail)
                return width(whole) <= columns ? whole : wide(line, line.essentialDetail)
            }
        }
        // Narrow: the phrase says the state and the time; walking minutes alone with --near.
        let walks = rows.map { $0.distance.map { "\(Coordinate.walkingMinutes($0)) min" } ?? "?" }
        let shortWalkWidth = report.options.near == nil ? 0 : (walks.map(\.count).max() ?? 0) + 2
        let phraseWidth = rows.map(\.phrase.count).max() ?? 0
        let nameColumn = min(nameWidth, max(4, columns - 6 - shortWalkWidth - phraseWidth))
        return zip(rows, walks).map { line, walk in
            var segments = [Segment(text: "  "), Segment(text: line.tone.marker, code: line.tone.ansi),
                            Segment(text: " " + line.venue.name.truncated(to: nameColumn).padded(to: nameColumn) + "  ")]
            if report.options.near != nil { segments.append(Segment(text: walk.padded(to: shortWalkWidth - 2) + "  ")) }
            return fit(segments + [Segment(text: line.phrase, code: line.tone.ansi)])
        }
    }

    private func width(_ segments: [Segment]) -> Int { segments.reduce(0) { $0 + $1.text.count } }

    private func wrapped(_ line: [Segment]) -> [[Segment]] {
        guard let columns, line.count == 1, width(line) > columns else { return [fit(line)] }
        let separator = line[0].text.hasPrefix("Penn dining at") ? " · " : " "
        return line[0].text.wrapped(to: columns, separator: separator).map { [Segment(text: $0, code: line[0].code)] }
    }

    private func sections() -> [(String, [VenueLine])] {
        let lines = report.lines(countdown: countdown)
        if let near = report.options.near { return [("Nearest to \(near.text)", lines)] }
        return VenueKind.allCases.map { kind in (kind.heading, lines.filter { $0.venue.kind == kind }) }
    }

    private func header() -> [[Segment]] {
        let zone = report.zone, local = zone.localDateTime(of: report.at)
        let data = report.coverage.map { "\(report.source.rawValue) data, \($0.first) to \($0.last)" } ?? "\(report.source.rawValue) data, no dates"
        var lines = [[Segment(text: "Penn dining at \(ClockText.day(local.date)) \(ClockText.clock(local)) · \(data)")]]
        if let userZone, zone.identifier != userZone {
            let offset = zone.offset(at: report.at), minutes = abs(offset) / 60
            let utc = (offset < 0 ? "-" : "+") + "\(minutes / 60)" + (minutes % 60 == 0 ? "" : ":\(minutes % 60)")
            lines.append([Segment(text: "Times are in \(zone.identifier) (UTC\(utc)).")])
        }
        let notes = StatusNotes(report)
        if let stale = notes.stale { lines.append([Segment(text: stale, code: Tone.closingSoon.ansi)]) }
        lines += notes.unknown.map { [Segment(text: "? " + $0, code: Tone.unknown.ansi)] }
        lines += notes.dishes.map { [Segment(text: $0, code: Tone.open.ansi)] }
        if report.rows.contains(where: \.status.estimated) {
            let covered = report.coverage.flatMap { $0.contains(local.date) ? $0.last : nil }
            let legend = covered.map { "the data ends on \($0); times after it are" }
                ?? "the data does not cover this date, so hours are"
            lines.append([Segment(text: "~ estimated: \(legend) projected from the same weekday of the data's week.",
                                  code: Tone.closingSoon.ansi)])
        }
        return lines
    }

    /// The last resort, when nothing less useful is left to drop.
    private func fit(_ segments: [Segment]) -> [Segment] {
        guard let columns, width(segments) > columns else { return segments }
        var left = max(0, columns - 1), kept: [Segment] = []
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
