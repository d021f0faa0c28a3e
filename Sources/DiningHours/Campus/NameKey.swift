/// A name as people mean it: "JOES-CAFE" and "Joe’s Café" are one key, and `joes-cafe` needs no quoting.
struct NameKey: Sendable, Equatable {
    let text: String
    let words: [String]

    init(_ raw: String) {
        words = VenueQuery.fold(raw).filter { $0 != "'" }.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        text = words.joined(separator: " ")
    }

    var slug: String { words.joined(separator: "-") }
}

extension Venue { public var slug: String { NameKey(name).slug } }

public enum Slug { public static func of(_ text: String) -> String { NameKey(text).slug } }
