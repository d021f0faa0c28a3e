/// A config value split into words as a POSIX shell quotes, so a `prompt.NAME` line can be copied from a command run.
enum ArgumentWords {
    static func split(_ text: String) -> Result<[String], PromptSetting.Problem> {
        var words: [String] = []
        var word = ""
        // A word has begun even while empty: `''` is an empty argument.
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                if quote == "\"" && character != "\"" && character != "\\" { word.append("\\") }
                word.append(character)
                escaped = false
                continue
            }
            switch (quote, character) {
            case ("'", "'"), ("\"", "\""): quote = nil
            case ("'", _): word.append(character)
            case ("\"", "\\"), (nil, "\\"):
                escaped = true
                inWord = true
            case ("\"", _): word.append(character)
            case (nil, " "), (nil, "\t"):
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case (nil, "'"), (nil, "\""):
                quote = character
                inWord = true
            default:
                word.append(character)
                inWord = true
            }
        }
        if let quote { return .failure(.init("a \(quote) is not closed")) }
        if escaped { return .failure(.init("a backslash ends the line")) }
        if inWord { words.append(word) }
        return .success(words)
    }
}
