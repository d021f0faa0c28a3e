/// An error that stops `status`, said in the format of the bar or prompt that runs it. Bars hide a failing
/// command and their documented command lines send stderr to /dev/null, so the error is shown short and red and
/// `status` exits 0, as it does whenever it printed; plain, json and templates keep their exit codes for scripts.
package enum BarError {
    /// `message` goes in waybar's tooltip; nil when the format is not a bar's or a prompt's.
    package static func render(brief: String, message: String, in format: StatusFormat) -> String? {
        let text = "venuectl: " + brief
        let short = brief
        // The palette's red: an error must not pass for a venue's state, but it is as urgent as "closed".
        let red = Tone.closed.hex
        switch format {
        case .waybar:
            return JSONText.object([
                ("text", JSONText.quote(text)),
                ("tooltip", JSONText.quote(Escaping.pango(message))),
                ("class", JSONText.quote("error")),
                ("alt", JSONText.quote("error")),
                ("percentage", "0"),
            ]) + "\n"
        case .i3blocks:
            return [text, short, red].joined(separator: "\n") + "\n"
        case .i3bar:
            return "[" + JSONText.object([
                ("name", JSONText.quote("venued")), ("instance", JSONText.quote("error")),
                ("full_text", JSONText.quote(text)), ("short_text", JSONText.quote(short)),
                ("color", JSONText.quote(red)), ("markup", JSONText.quote("none")),
            ]) + "]\n"
        case .i3statusRS:
            return JSONText.object([
                ("icon", JSONText.quote("")), ("state", JSONText.quote("Critical")),
                ("text", JSONText.quote(text)), ("short_text", JSONText.quote(short)),
            ]) + "\n"
        case .polybar:
            return TaggedFormat.polybar.single(text, colour: red) + "\n"
        case .tmux:
            return TaggedFormat.tmux.single(text, colour: red) + "\n"
        case .prompt:
            return text + "\n"
        case .plain, .json, .template:
            return nil
        }
    }
}
