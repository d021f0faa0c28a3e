/// waybar's custom module with `return-type: json`: one line, one object with `text`,
/// `tooltip`, `class` (the tone, for CSS; with stale data the array `[tone, "stale"]`,
/// which waybar also takes), `alt` (the tone, for `format-icons`) and `percentage` (the
/// share of the chosen venues open now). waybar reads text and tooltip as Pango markup,
/// so both are escaped.
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
