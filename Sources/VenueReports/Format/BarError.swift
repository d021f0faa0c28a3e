/// An error that stops `status` (a wrong line in venuectl.conf, a mistyped venue in a
/// bar's command), said in the format of the bar or prompt that runs it.
///
/// Bars and prompts hide a command that fails, and their documented command lines send
/// stderr to /dev/null, so an exit 2 with one line on stderr leaves the module blank
/// with nothing to say why. In these formats the error is shown where the user looks,
/// short and red ("venuectl: config error"; waybar's tooltip has the whole line), and
/// `status` exits 0, as it does whenever it printed. plain, json and templates keep
/// their exit codes: scripts read those.
package enum BarError {
    /// `brief` says which kind of mistake ("config error"), `message` is the whole
    /// line, for waybar's tooltip; nil when the format is not a bar's or a prompt's.
    package static func render(brief: String, message: String, in format: StatusFormat) -> String? {
        let text = "venuectl: " + brief
        let short = brief
        // The palette's red: an error must not pass for a venue's state, but it is as
        // urgent as "closed" and reads on every bar that shows the palette.
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
