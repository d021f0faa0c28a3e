/// A name reduced to what people mean by it: folded (`VenueQuery.fold`), apostrophes dropped ("Joe's" is
/// "joes"), every other run of punctuation or space one space. So "JOES-CAFE" and "Joe’s Café" are one key,
/// and a completion can offer the slug `joes-cafe`, which needs no quoting.
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

    var slug: String { words.joined(separator: "-") }
}

extension Venue {
    /// The shell-safe form of the name that `VenueSearch` matches exactly (`joes-cafe`).
    public var slug: String { NameKey(name).slug }
}

/// The slug of any text, made as a venue's is (`Late Night` is `late-night`): calendars use it in event UIDs.
public enum Slug {
    public static func of(_ text: String) -> String { NameKey(text).slug }
}
