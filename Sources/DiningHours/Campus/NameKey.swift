/// A venue name, or what someone typed for one, reduced to what people mean by it:
/// folded by `VenueQuery.fold` (case, accents, curly quotes), apostrophes dropped
/// ("Joe's" is "joes"), and every other run of punctuation or space made one space.
/// So "JOES-CAFE", "joe's café" and "Joe’s Café" are the same key, and a shell
/// completion can offer the slug `joes-cafe`, which needs no quoting and names the
/// venue exactly.
struct NameKey: Sendable, Equatable {
    /// Words separated by single spaces, no leading or trailing space.
    let text: String
    let words: [String]

    init(_ raw: String) {
        var text = ""
        var gap = false
        for character in VenueQuery.fold(raw) where character != "'" {
            guard character.isLetter || character.isNumber else {
                gap = true
                continue
            }
            if gap && !text.isEmpty { text.append(" ") }
            gap = false
            text.append(character)
        }
        self.text = text
        self.words = text.split(separator: " ").map(String.init)
    }

    /// `1920-commons`: the key with hyphens for spaces.
    var slug: String { words.joined(separator: "-") }
}

extension Venue {
    /// The shell-safe form of the name that `VenueSearch` matches exactly (`joes-cafe`).
    public var slug: String { NameKey(name).slug }
}

/// The slug of any text, made as a venue's is (`Late Night` is `late-night`, `Café` is
/// `cafe`): calendars name a daypart's label this way in their event UIDs.
public enum Slug {
    public static func of(_ text: String) -> String { NameKey(text).slug }
}
