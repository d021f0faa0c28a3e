/// The i3 family. None of them is given markup (i3blocks' and i3bar's default is
/// `markup=none`), so the text goes out as it is; colours are the palette's. None has a
/// class or a tooltip, so stale data is said by `(old)` at the end of the text (for
/// i3bar, a grey block of its own).
package enum I3Formats {
    /// i3blocks' protocol: full_text, short_text and color, one line each.
    package static func i3blocks(_ summary: BarSummary) -> String {
        guard !summary.hidden else { return BarSummary.hiddenLine }
        return [summary.text, summary.shortText, summary.tone.hex].joined(separator: "\n") + "\n"
    }

    /// One i3bar protocol status line: an array of blocks, one per venue (`instance` is
    /// its id), on one line. A one-shot run prints one array; a wrapper that sends the
    /// `{"version":1}` header and `[` streams them (docs/integrations.md). With nothing
    /// to show, one block (`none`) says why: nothing open, or no hours known.
    /// Hidden (`--hide-empty`, nothing to show): an empty block list.
    package static func i3bar(_ summary: BarSummary) -> String {
        guard !summary.hidden else { return "[]\n" }
        // The marker goes in a block of its own, so the venues' text is left unmarked.
        let unmarked = summary.pieces.map(\.text).joined(separator: BarSummary.separator)
        var blocks = summary.lines.isEmpty
            ? [block(instance: "none", full: unmarked, short: summary.headcount.hasUnknown ? summary.headcount.short : unmarked, tone: summary.tone)]
            : summary.lines.map { block(instance: "\($0.venue.id)", full: $0.summary, short: $0.shortSummary, tone: $0.tone) }
        // The venues --open-now left out for want of hours, so that the open ones do not
        // pass for all there is.
        if !summary.lines.isEmpty, let withheld = summary.withheldText {
            blocks.append(block(instance: "unknown", full: withheld, short: withheld, tone: .unknown))
        }
        if let marker = summary.marker { blocks.append(block(instance: "stale", full: marker, short: marker, tone: .unknown)) }
        return "[" + blocks.joined(separator: ",") + "]\n"
    }

    /// i3status-rust's `custom` block with `json = true`: icon, state, text, short_text.
    /// Hidden (`--hide-empty`, nothing to show): an empty text, which the block's
    /// `hide_when_empty = true` hides.
    package static func i3statusRS(_ summary: BarSummary) -> String {
        JSONText.object([
            ("icon", JSONText.quote("")),
            ("state", JSONText.quote(summary.tone.i3statusState)),
            ("text", JSONText.quote(summary.hidden ? "" : summary.text)),
            ("short_text", JSONText.quote(summary.hidden ? "" : summary.shortText)),
        ]) + "\n"
    }

    private static func block(instance: String, full: String, short: String, tone: Tone) -> String {
        JSONText.object([
            ("name", JSONText.quote("venued")), ("instance", JSONText.quote(instance)),
            ("full_text", JSONText.quote(full)), ("short_text", JSONText.quote(short)),
            ("color", JSONText.quote(tone.hex)), ("markup", JSONText.quote("none")),
        ])
    }
}
