import DiningHours

/// The one palette of every format. `unknown` is grey, never red: "no data" must not look "closed" (HOURS.md §3.6).
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

    /// The SGR code is of the 8 colours every terminal has; i3status-rust's state is themed to match the meaning.
    private var traits: (hex: String, ansi: String, i3statusState: String, marker: String) {
        switch self {
        case .open: return ("#4caf50", "32", "Good", "●")
        case .closingSoon: return ("#ff9800", "33", "Warning", "◐")
        case .closed: return ("#f44336", "31", "Critical", "○")
        case .unknown: return ("#9e9e9e", "2", "Idle", "?")
        }
    }

    public var hex: String { traits.hex }
    package var ansi: String { traits.ansi }
    package var i3statusState: String { traits.i3statusState }
    package var marker: String { traits.marker }

    /// Open if any is, else unknown if any is (closed and unknown together must not look red), else closed.
    package static func combined(_ tones: [Tone]) -> Tone {
        if tones.contains(.open) { return .open }
        if tones.contains(.closingSoon) { return .closingSoon }
        return tones.isEmpty || tones.contains(.unknown) ? .unknown : .closed
    }
}
