/// Bars hide a failing command and send stderr to /dev/null, so an error is shown in the bar's format, short and red,
/// and `status` exits 0, as whenever it printed; plain, json and templates keep their exit codes for scripts.
package enum BarError {
    /// `message` goes in waybar's tooltip; nil when the format is not a bar's or a prompt's.
    package static func render(brief: String, message: String, in format: StatusFormat) -> String? {
        let text = "venuectl: " + brief
        // The palette's red: an error must not pass for a venue's state, but it is as urgent as "closed".
        let red = Tone.closed
        switch format {
        case .waybar:
            return JSONText.object([
                ("text", JSONText.quote(text)), ("tooltip", JSONText.quote(Escaping.pango(message))),
                ("class", JSONText.quote("error")), ("alt", JSONText.quote("error")), ("percentage", "0"),
            ]) + "\n"
        case .i3blocks: return [text, brief, red.hex].joined(separator: "\n") + "\n"
        case .i3bar: return "[" + I3Formats.block(instance: "error", full: text, short: brief, tone: red) + "]\n"
        case .i3statusRS: return I3Formats.i3statusRS(tone: red, text: text, short: brief)
        case .polybar: return TaggedFormat.polybar.single(text, colour: red.hex) + "\n"
        case .tmux: return TaggedFormat.tmux.single(text, colour: red.hex) + "\n"
        case .prompt: return text + "\n"
        case .plain, .json, .template: return nil
        }
    }
}
