import Foundation
import Testing
@testable import VenueReports

/// JSONText writes every string of every answer, feed text included: what it writes must
/// read back, with Foundation's parser, as the very string it was given.
@Suite("JSON text")
struct JSONTextTests {
    @Test("quotes, backslashes and controls are escaped, the rest is copied byte for byte")
    func escapes() {
        #expect(JSONText.quote("") == #""""#)
        #expect(JSONText.quote("1920 Commons") == #""1920 Commons""#)
        #expect(JSONText.quote("a\"b\\c\nd\re\tf") == #""a\"b\\c\nd\re\tf""#)
        #expect(JSONText.quote("\u{0}\u{1}\u{8}\u{B}\u{1B}[31m\u{1F}") == #""\u0000\u0001\u0008\u000b\u001b[31m\u001f""#)
        #expect(JSONText.quote("Café ☕ 𝄞 \u{7F} \u{2028}") == "\"Café ☕ 𝄞 \u{7F} \u{2028}\"")
    }

    @Test("every string reads back as itself, whatever its characters")
    func roundTrips() throws {
        var generator = SystemRandomNumberGenerator()
        let pieces = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
            + ["\"", "\\", "/", "a", "Z", " ", "\u{7F}", "é", "\u{2028}", "☕", "𝄞", "e\u{301}", "\u{FEFF}"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let quoted = JSONText.quote(text)
            #expect(Array(quoted.utf8) == Self.rfc8259(text), "\(text.debugDescription)")
            #expect(!quoted.utf8.contains { $0 < 0x20 }, "a raw control byte in \(quoted.debugDescription)")
            // Foundation's parser drops U+FEFF inside a string: that one is checked against the RFC's rule alone.
            guard !text.unicodeScalars.contains("\u{FEFF}") else { continue }
            let parsed = try JSONSerialization.jsonObject(with: Data(quoted.utf8), options: .fragmentsAllowed) as? String
            #expect(parsed == text)
        }
    }

    /// RFC 8259 §7, scalar by scalar: quotation mark, reverse solidus and U+0000 to U+001F are escaped.
    static func rfc8259(_ text: String) -> [UInt8] {
        var out = Array("\"".utf8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += Array(#"\""#.utf8)
            case "\\": out += Array(#"\\"#.utf8)
            case "\n": out += Array(#"\n"#.utf8)
            case "\r": out += Array(#"\r"#.utf8)
            case "\t": out += Array(#"\t"#.utf8)
            case "\u{0}"..."\u{1F}": out += Array(String(format: "\\u%04x", scalar.value).utf8)
            default: out += Array(String(scalar).utf8)
            }
        }
        return out + Array("\"".utf8)
    }

    @Test("an answer line is one object, ok first, with the members in order")
    func answerLines() throws {
        #expect(Reply.ok([]) == "{\"ok\":true}\n")
        let line = Reply.ok([("name", JSONText.quote("Hill \"House\"")), ("venues", "3"), ("tags", JSONText.array(["1", "2"]))])
        #expect(line == "{\"ok\":true,\"name\":\"Hill \\\"House\\\"\",\"venues\":3,\"tags\":[1,2]}\n")
        #expect(JSONText.object([("a", "null"), ("b\n", "true")]) == "{\"a\":null,\"b\\n\":true}")
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect(object?["name"] as? String == "Hill \"House\"")
    }
}
