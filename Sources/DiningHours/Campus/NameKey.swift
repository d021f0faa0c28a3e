/// A name reduced to what people mean by it: folded, apostrophes dropped ("Joe's" is "joes"), every other run of
/// punctuation or space one space, so "JOES-CAFE" and "Joe’s Café" are one key and `joes-cafe` needs no quoting.
struct NameKey: Sendable, Equatable {
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
    public var slug: String { NameKey(name).slug }
}

/// Calendars use it in event UIDs.
public enum Slug {
    public static func of(_ text: String) -> String { NameKey(text).slug }
}
