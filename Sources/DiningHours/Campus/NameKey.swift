/// A name reduced to what people mean by it: folded, apostrophes dropped ("Joe's" is "joes"), every other run of
/// punctuation or space one space, so "JOES-CAFE" and "Joe’s Café" are one key and `joes-cafe` needs no quoting.
struct NameKey: Sendable, Equatable {
    let text: String
    let words: [String]

    init(_ raw: String) {
        words = VenueQuery.fold(raw).filter { $0 != "'" }.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        text = words.joined(separator: " ")
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
