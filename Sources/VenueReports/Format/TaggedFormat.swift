/// polybar and tmux: inline colour tags. tmux's default green background hides the palette's green, so its text sits
/// on a dark chip set and reset once; polybar's is the user's theme, so its pieces are tagged and reset one by one.
package struct TaggedFormat: Sendable {
    package let opening: String, closing: String, reset: String
    /// The background every piece sits on, as a tag that sets it; nil for the bar's own.
    package let chip: String?
    package let escape: @Sendable (_ text: String, _ colour: String) -> String
    package static let polybar = TaggedFormat(opening: "%{F", closing: "}", reset: "%{F-}", chip: nil, escape: Escaping.polybar)
    /// `#303030`: dark enough for the palette's four tones to read on it.
    package static let tmux = TaggedFormat(opening: "#[fg=", closing: "]", reset: "#[default]", chip: "#[bg=#303030]") { text, _ in
        Escaping.tmux(text)
    }

    package func render(_ summary: BarSummary) -> String {
        guard !summary.hidden else { return BarSummary.hiddenLine }
        let grey = Tone.unknown.hex, pieces = summary.pieces.map { tagged($0.text, $0.tone.hex) }
        guard let chip else {
            let line = pieces.map { $0 + reset }.joined(separator: BarSummary.separator)
            return line + (summary.marker.map { " " + tagged($0, grey) + reset } ?? "") + "\n"
        }
        let line = pieces.joined(separator: tag(grey) + BarSummary.separator)
        return chip + " " + line + (summary.marker.map { tag(grey) + " " + escape($0, tag(grey)) } ?? "") + " " + reset + "\n"
    }

    /// One piece of text alone in `colour`: what `BarError` shows.
    package func single(_ text: String, colour: String) -> String {
        (chip.map { $0 + " " } ?? "") + tagged(text, colour) + (chip == nil ? "" : " ") + reset
    }

    private func tag(_ colour: String) -> String { opening + colour + closing }
    private func tagged(_ text: String, _ colour: String) -> String { tag(colour) + escape(text, tag(colour)) }
}
