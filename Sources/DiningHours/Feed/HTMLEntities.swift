/// Older feeds carried names such as `Joe&#39;s Caf&eacute;`; users should see "Joe's Café".
enum HTMLEntities {
    private static let named: [Substring: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "eacute": "é", "egrave": "è", "agrave": "à", "ccedil": "ç", "ntilde": "ñ", "uuml": "ü", "ouml": "ö",
        "rsquo": "\u{2019}", "lsquo": "\u{2018}", "ndash": "\u{2013}", "mdash": "\u{2014}",
    ]

    static func decode(_ text: String) -> String {
        // A byte scan: with Foundation imported, `contains("&")` is its much slower search.
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var result = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let afterAmp = rest.index(after: amp)
            if let semi = rest[afterAmp...].prefix(10).firstIndex(of: ";"), let decoded = entity(rest[afterAmp..<semi]) {
                result += decoded
                rest = rest[rest.index(after: semi)...]
            } else {
                result += "&"
                rest = rest[afterAmp...]
            }
        }
        return result + rest
    }

    private static func entity(_ name: Substring) -> String? {
        guard name.hasPrefix("#") else { return named[name] }
        let digits = name.dropFirst()
        let hex = digits.hasPrefix("x") || digits.hasPrefix("X")
        let code = hex ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        return code.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }
}
