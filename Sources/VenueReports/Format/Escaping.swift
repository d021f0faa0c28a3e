package enum Escaping {
    /// Pango markup (waybar, notifications); `quotes` also escapes `"`, for text inside an attribute (a link's `href`).
    package static func pango(_ text: String, quotes: Bool = false) -> String {
        text.reduce(into: "") { out, character in
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            default: out.append(character)
            }
        }
    }

    /// polybar 3.6 reads any `%{` as a tag and has no escape for it (`%%` shows as two percent signs), so a `%` before
    /// `{` is kept apart from it by `colour`, the tag already in force, written again between them.
    package static func polybar(_ text: String, colour: String) -> String {
        text.replacing("%{", with: "%" + colour + "{")
    }

    /// tmux reads `#()` output twice: expanded as a format (`##` becomes `#`, `#{...}` or `#(...)` would be expanded or
    /// run), then drawn (`##` becomes `#`, `#[` starts a style and halves a run of `#` before it): k literal `#` need
    /// 4k, or 2k before a `[` (tmux 3.3a).
    static func tmux(_ text: String) -> String {
        var out = "", run = 0
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
