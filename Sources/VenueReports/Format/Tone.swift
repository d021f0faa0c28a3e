import DiningHours

/// The one palette every format colours with, so a venue is the same green everywhere. `unknown` is grey, never
/// red: "no data" must not look like "closed" (HOURS.md §3.6).
public enum Tone: String, Sendable, CaseIterable {
    case open
    case closingSoon = "closing-soon"
    case closed
    case unknown

    package init(_ status: VenueStatus) {
        switch status.state {
        case .open: self = status.closingSoon ? .closingSoon : .open
        case .closed: self = .closed
        case .unknown: self = .unknown
        }
    }

    /// `#rrggbb` for bars (polybar, tmux, i3bar, i3blocks, templates' `{color}`).
    public var hex: String {
        switch self {
        case .open: return "#4caf50"
        case .closingSoon: return "#ff9800"
        case .closed: return "#f44336"
        case .unknown: return "#9e9e9e"
        }
    }

    /// The SGR code of the same colour on a terminal (the 8-colour set every terminal has).
    package var ansi: String {
        switch self {
        case .open: return "32"
        case .closingSoon: return "33"
        case .closed: return "31"
        case .unknown: return "2"
        }
    }

    /// i3status-rust's block states, whose theme colours match the palette's meaning.
    package var i3statusState: String {
        switch self {
        case .open: return "Good"
        case .closingSoon: return "Warning"
        case .closed: return "Critical"
        case .unknown: return "Idle"
        }
    }

    /// Open if any is, else unknown if any is (closed and unknown together must not look red), else closed.
    package static func combined(_ tones: [Tone]) -> Tone {
        if tones.contains(.open) { return .open }
        if tones.contains(.closingSoon) { return .closingSoon }
        return tones.isEmpty || tones.contains(.unknown) ? .unknown : .closed
    }
}
