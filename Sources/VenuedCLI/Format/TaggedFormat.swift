/// Bars whose text carries inline colour tags: polybar (`%{F#rrggbb}...%{F-}`, `%`
/// written `%%`) and tmux (`#[fg=#rrggbb]...#[default]`, `#` written `##`). One line:
/// each venue in its tone, or the count in the combined tone.
struct TaggedFormat: Sendable {
    /// The colour tag is `opening + hex + closing`.
    let opening: String
    let closing: String
    let reset: String
    let mark: Character

    static let polybar = TaggedFormat(opening: "%{F", closing: "}", reset: "%{F-}", mark: "%")
    static let tmux = TaggedFormat(opening: "#[fg=", closing: "]", reset: "#[default]", mark: "#")

    func render(_ summary: BarSummary) -> String {
        summary.pieces.map { opening + $0.tone.hex + closing + Escaping.doubling(mark, in: $0.text) + reset }
            .joined(separator: BarSummary.separator) + "\n"
    }
}
