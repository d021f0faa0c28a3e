/// waybar's custom module with `return-type: json`. `class` is the tone, or `[tone, "stale"]` (waybar takes
/// both), `alt` is for `format-icons`; text and tooltip are Pango markup, so both are escaped.
package enum WaybarFormat {
    package static func render(_ summary: BarSummary) -> String {
        guard !summary.hidden else { return BarSummary.hiddenLine }
        return JSONText.object([
            ("text", JSONText.quote(Escaping.pango(summary.text))),
            ("tooltip", JSONText.quote(Escaping.pango(summary.tooltip))),
            ("class", summary.classes.count == 1 ? JSONText.quote(summary.tone.rawValue) : JSONText.array(summary.classes.map(JSONText.quote))),
            ("alt", JSONText.quote(summary.tone.rawValue)),
            ("percentage", "\(summary.percentOpen)"),
        ]) + "\n"
    }
}
