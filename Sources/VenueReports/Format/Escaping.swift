/// The escapes of the formats whose consumers read markup in our text.
package enum Escaping {
    /// Pango markup (waybar's text and tooltip, the notification spec's subset of it):
    /// `&`, `<`, `>` would start markup; `quotes` also escapes `"`, for text that goes
    /// inside an attribute (a link's `href`).
    package static func pango(_ text: String, quotes: Bool = false) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    /// Text for polybar 3.6, whose parser reads any `%{` as a tag and has no escape for
    /// it (`%%` shows as two percent signs). A `%` before `{` is kept apart from it by
    /// the tag already in force, `colour`, written again between them: polybar shows
    /// `%` then `{` in the same colour. A `%` anywhere else is shown as it is.
    package static func polybar(_ text: String, colour: String) -> String {
        var out = ""
        var previous: Character?
        for character in text {
            if character == "{" && previous == "%" { out += colour }
            out.append(character)
            previous = character
        }
        return out
    }

    /// Text for tmux's `#()` in the status line, where it is read twice: once when the
    /// command's output is expanded as a format (`##` becomes `#`, a lone `#{...}` or
    /// `#(...)` would be expanded or even run), then when the line is drawn (`##` becomes
    /// `#` again, `#[` starts a style, and a run of `#` before `[` is halved once).
    /// Measured with tmux 3.3a: k literal `#` come out of 4k, or of 2k before a `[`.
    static func tmux(_ text: String) -> String {
        var out = ""
        var run = 0
        func flush(before next: Character?) {
            out += String(repeating: "#", count: run * (next == "[" ? 2 : 4))
            run = 0
        }
        for character in text {
            if character == "#" { run += 1; continue }
            flush(before: character)
            out.append(character)
        }
        flush(before: nil)
        return out
    }
}
