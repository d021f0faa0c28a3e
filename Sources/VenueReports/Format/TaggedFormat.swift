/// Bars whose text carries inline colour tags: polybar (`%{F#rrggbb}...%{F-}`) and tmux
/// (`#[fg=#rrggbb]...#[default]`), each with its own escaping (`Escaping`). One line:
/// each venue in its tone, or the count in the combined tone; `(old)` in grey after them
/// when the data is stale.
package struct TaggedFormat: Sendable {
    /// The colour tag is `opening + hex + closing`.
    package let opening: String
    package let closing: String
    package let reset: String
    /// The text of a piece as the bar must receive it, given the piece's colour tag.
    package let escape: @Sendable (_ text: String, _ colour: String) -> String

    package static let polybar = TaggedFormat(opening: "%{F", closing: "}", reset: "%{F-}", escape: Escaping.polybar)
    package static let tmux = TaggedFormat(opening: "#[fg=", closing: "]", reset: "#[default]") { text, _ in Escaping.tmux(text) }

    package func render(_ summary: BarSummary) -> String {
        let pieces = summary.pieces.map { piece in coloured(piece.text, piece.tone) }.joined(separator: BarSummary.separator)
        return pieces + (summary.marker.map { " " + coloured($0, .unknown) } ?? "") + "\n"
    }

    private func coloured(_ text: String, _ tone: Tone) -> String {
        let colour = opening + tone.hex + closing
        return colour + escape(text, colour) + reset
    }
}
