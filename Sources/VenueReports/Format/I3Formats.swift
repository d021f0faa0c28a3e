/// The i3 family: no markup (`markup=none` is the default), and no class or tooltip, so stale data is said by `(old)`.
package enum I3Formats {
    /// One i3bar status line, a block per venue; a wrapper sends the `{"version":1}` header and `[` to stream them.
    package static func i3bar(_ summary: BarSummary) -> String {
        guard !summary.hidden else { return "[]\n" }
        let unmarked = summary.pieces.map(\.text).joined(separator: BarSummary.separator)
        let short = summary.headcount.hasUnknown ? summary.headcount.short : unmarked
        var blocks = summary.lines.isEmpty
            ? [block(instance: "none", full: unmarked, short: short, tone: summary.tone)]
            : summary.lines.map { block(instance: "\($0.venue.id)", full: $0.summary, short: $0.shortSummary, tone: $0.tone) }
        // The venues --open-now left out, so that the open ones do not pass for all there is.
        if !summary.lines.isEmpty, let withheld = summary.withheldText {
            blocks.append(block(instance: "unknown", full: withheld, short: withheld, tone: .unknown))
        }
        if let marker = summary.marker { blocks.append(block(instance: "stale", full: marker, short: marker, tone: .unknown)) }
        return "[" + blocks.joined(separator: ",") + "]\n"
    }

    /// i3status-rust's `custom` block with `json = true`.
    package static func i3statusRS(tone: Tone, text: String, short: String) -> String {
        JSONText.object([("icon", JSONText.quote("")), ("state", JSONText.quote(tone.i3statusState)),
                         ("text", JSONText.quote(text)), ("short_text", JSONText.quote(short))]) + "\n"
    }

    package static func block(instance: String, full: String, short: String, tone: Tone) -> String {
        JSONText.object([
            ("name", JSONText.quote("venued")), ("instance", JSONText.quote(instance)),
            ("full_text", JSONText.quote(full)), ("short_text", JSONText.quote(short)),
            ("color", JSONText.quote(tone.hex)), ("markup", JSONText.quote("none")),
        ])
    }
}
