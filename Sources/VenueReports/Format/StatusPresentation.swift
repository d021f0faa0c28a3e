/// The format and what only the reader's side knows; venued receives it in the request and keys its line cache by it.
public struct StatusPresentation: Hashable, Sendable {
    public let format: StatusFormat
    /// `color` is for plain only: the other formats carry their own colour syntax.
    public let color: Bool, userZone: String?, columns: Int?
    /// False: only clock times, as for plain `watch` into a pipe, where each block is a record that must not go stale.
    public let countdown: Bool

    public init(format: StatusFormat, color: Bool = false, userZone: String? = nil, columns: Int? = nil, countdown: Bool = true) {
        (self.format, self.color, self.userZone, self.columns) = (format, color, userZone, columns)
        self.countdown = countdown
    }

    public func withoutCountdown() -> StatusPresentation {
        StatusPresentation(format: format, color: color, userZone: userZone, columns: columns, countdown: false)
    }

    /// Unless `$COLUMNS` already set a width.
    public func fitting(_ columns: Int?) -> StatusPresentation {
        StatusPresentation(format: format, color: color, userZone: userZone, columns: self.columns ?? columns, countdown: countdown)
    }

    /// Only plain text needs the terminal's facts (colour, zone, width), so the prompt's path does not look them up.
    public init(_ format: StatusFormat, environment: [String: String], stdoutIsTTY: Bool) {
        guard format == .plain else { self.init(format: format); return }
        let color = stdoutIsTTY && environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb"
        let columns = TerminalWidth.columns(environment: environment)
        self.init(format: .plain, color: color, userZone: ZoneDatabase.userZoneName(environment: environment), columns: columns)
    }

    /// Whether this output spells out `StatusNotes.stale`; the others have room only for the marker, so stderr says it.
    public var saysStaleNote: Bool { format == .plain || format == .waybar }

    public func render(_ report: StatusReport) -> String {
        switch format {
        case .plain: return PlainFormat(report: report, color: color, userZone: userZone, columns: columns, countdown: countdown).render()
        case .json: return StatusJSON.render(report)
        // waybar's `return-type: json`: `class` may be `[tone, "stale"]`; text and tooltip are Pango, so escaped.
        case .waybar:
            let summary = BarSummary(report)
            guard !summary.hidden else { return BarSummary.hiddenLine }
            let tone = JSONText.quote(summary.tone.rawValue)
            return JSONText.object([
                ("text", JSONText.quote(Escaping.pango(summary.text))),
                ("tooltip", JSONText.quote(Escaping.pango(summary.tooltip))),
                ("class", summary.classes.count == 1 ? tone : JSONText.array(summary.classes.map(JSONText.quote))),
                ("alt", tone), ("percentage", "\(summary.percentOpen)"),
            ]) + "\n"
        case .i3blocks:
            let summary = BarSummary(report)
            guard !summary.hidden else { return BarSummary.hiddenLine }
            return [summary.text, summary.shortText, summary.tone.hex].joined(separator: "\n") + "\n"
        case .i3bar: return I3Formats.i3bar(BarSummary(report))
        // Hidden is an empty text, which `hide_when_empty` hides.
        case .i3statusRS:
            let summary = BarSummary(report), hidden = summary.hidden
            return I3Formats.i3statusRS(tone: summary.tone, text: hidden ? "" : summary.text,
                                        short: hidden ? "" : summary.shortText)
        case .polybar: return TaggedFormat.polybar.render(BarSummary(report))
        case .tmux: return TaggedFormat.tmux.render(BarSummary(report))
        // Empty when no venue is chosen, so the segment vanishes, but not when `--open-now` lacks hours: "all closed".
        case .prompt:
            let lines = report.lines, headcount = Headcount(report), shown = 2
            // A followed dish soon (`--dishes`) ends the line: the reason the prompt asked.
            let dish = report.dishAlerts.first
                .map { BarSummary.separator + DishAlertText.line($0, zone: report.zone, at: report.at) } ?? ""
            let marker = dish + (report.dataAge.isStale ? " " + StatusNotes.staleMarker : "")
            guard !lines.isEmpty else {
                return (headcount.allUnknown ? "no hours known" : headcount.noneOpen).map { $0 + marker + "\n" } ?? ""
            }
            let more = lines.count > shown ? " +\(lines.count - shown)" : ""
            let withheld = headcount.withheld == 0 ? "" : "; no hours for \(headcount.withheld)"
            let names = lines.prefix(shown).map(\.summary).joined(separator: BarSummary.separator)
            return names + more + withheld + marker + "\n"
        // One line per venue; missing values (no `changes_at`, no `--near`) are empty.
        case .template(let template):
            return report.lines.map { line in
                template.pieces.map { piece in
                    switch piece {
                    case .text(let text): return text
                    case .field(let field): return field.value(of: line)
                    }
                }.joined() + "\n"
            }.joined()
        }
    }
}
