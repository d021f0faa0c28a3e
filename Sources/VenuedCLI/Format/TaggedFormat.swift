/// Bars whose text carries inline colour tags: polybar (`%{F#rrggbb}...%{F-}`) and tmux
/// (`#[fg=#rrggbb]...#[default]`), each with its own escaping (`Escaping`). One line:
/// each venue in its tone, or the count in the combined tone.
struct TaggedFormat: Sendable {
    /// The colour tag is `opening + hex + closing`.
    let opening: String
    let closing: String
    let reset: String
    /// The text of a piece as the bar must receive it, given the piece's colour tag.
    let escape: @Sendable (_ text: String, _ colour: String) -> String

    static let polybar = TaggedFormat(opening: "%{F", closing: "}", reset: "%{F-}", escape: Escaping.polybar)
    static let tmux = TaggedFormat(opening: "#[fg=", closing: "]", reset: "#[default]") { text, _ in Escaping.tmux(text) }

    func render(_ summary: BarSummary) -> String {
        summary.pieces.map { piece in
            let colour = opening + piece.tone.hex + closing
            return colour + escape(piece.text, colour) + reset
        }.joined(separator: BarSummary.separator) + "\n"
    }
}
