import DiningHours

/// The format and what only the reader's side knows; venued receives it in the request and keys its line cache by it.
public struct StatusPresentation: Hashable, Sendable {
    public let format: StatusFormat
    /// `color` is for plain only: the other formats carry their own colour syntax.
    public let color: Bool, userZone: String?, columns: Int?
    /// False: only clock times, as for plain `watch` into a pipe, where each block is a record that must not go stale.
    public let countdown: Bool

    public init(format: StatusFormat, color: Bool = false, userZone: String? = nil, columns: Int? = nil, countdown: Bool = true) {
        self.format = format
        self.color = color
        self.userZone = userZone
        self.columns = columns
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
        case .waybar: return WaybarFormat.render(BarSummary(report))
        case .i3blocks: return I3Formats.i3blocks(BarSummary(report))
        case .i3bar: return I3Formats.i3bar(BarSummary(report))
        case .i3statusRS: return I3Formats.i3statusRS(BarSummary(report))
        case .polybar: return TaggedFormat.polybar.render(BarSummary(report))
        case .tmux: return TaggedFormat.tmux.render(BarSummary(report))
        case .prompt: return PromptFormat.render(report)
        case .template(let template): return TemplateFormat.render(report, template)
        }
    }
}
