/// The escapes of the formats whose consumers read markup in our text.
enum Escaping {
    /// Pango markup (waybar's text and tooltip): `&`, `<`, `>` would start markup.
    static func pango(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }

    /// Doubles `mark` (polybar's `%`, tmux's `#`), which would otherwise start a tag.
    static func doubling(_ mark: Character, in text: String) -> String {
        var out = ""
        for character in text {
            out.append(character)
            if character == mark { out.append(character) }
        }
        return out
    }
}
