/// Hand-written: the feed is parsed on every refresh and cold CLI start, and a tree lets decoders name bad elements.
public struct JSONParser {
    /// Deep enough for any feed, shallow enough that hostile input cannot exhaust the stack.
    static let maxDepth = 64
    private let bytes: [UInt8]
    private let maxValues: Int
    private var index = 0, depth = 0, values = 0

    /// `maxValues` bounds the tree: else a 4 MB body of `[[],[],…]` would take hundreds of MB before any check.
    public static func parse(_ bytes: [UInt8], maxValues: Int = .max) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maxValues: maxValues)
        parser.skipWhitespace()
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the document") }
        return value
    }

    static func parse<Failure: Error>(_ bytes: [UInt8], maxValues: Int, syntax: (JSONSyntaxError) -> Failure,
                                      tooLarge: () -> Failure) throws(Failure) -> JSONValue {
        do { return try parse(bytes, maxValues: maxValues) } catch {
            throw error.exceedsLimit ? tooLarge() : syntax(error)
        }
    }

    private func error(_ reason: String, exceedsLimit: Bool = false) -> JSONSyntaxError {
        let line = 1 + bytes[..<min(index, bytes.count)].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return JSONSyntaxError(reason: reason, offset: index, line: line, exceedsLimit: exceedsLimit)
    }

    private static func describe(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? "character '\(Character(Unicode.Scalar(byte)))'"
            : "byte 0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw error("unexpected end of input (truncated document?)") }
        values += 1
        if values > maxValues { throw error("more than \(maxValues) values", exceedsLimit: true) }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["): return try container(isObject: byte == UInt8(ascii: "{"))
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected \(Self.describe(byte))")
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        guard bytes[index...].starts(with: word.utf8) else { throw error("invalid literal") }
        index += word.utf8.count
        return value
    }

    private mutating func container(isObject: Bool) throws(JSONSyntaxError) -> JSONValue {
        let close = UInt8(ascii: isObject ? "}" : "]"), name = isObject ? "an object" : "an array"
        depth += 1
        if depth > Self.maxDepth { throw error("nesting deeper than \(Self.maxDepth) levels") }
        index += 1
        var elements: [JSONValue] = [], members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        var closed = current == close
        while !closed {
            skipWhitespace()
            if isObject { members.append(try member()) } else { elements.append(try value()) }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case close: closed = true
            case nil: throw error("unexpected end of input inside \(name) (truncated document?)")
            default: throw error("expected ',' or '\(Character(Unicode.Scalar(close)))' in \(name)")
            }
        }
        index += 1
        depth -= 1
        return isObject ? .object(members) : .array(elements)
    }

    private mutating func member() throws(JSONSyntaxError) -> (key: String, value: JSONValue) {
        guard current == UInt8(ascii: "\"") else {
            throw error(current == nil ? "unexpected end of input inside an object (truncated document?)"
                                       : "expected a string key")
        }
        let key = try string()
        skipWhitespace()
        guard takeIf(":") else { throw error("expected ':' after a key") }
        skipWhitespace()
        return (key, try value())
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes, so the bytes between the quotes are the string.
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { throw error("control character in a string") }
            index += 1
        }
        guard let stop = current else { throw error("unterminated string (truncated document?)") }
        if stop == UInt8(ascii: "\"") {
            index += 1
            return try decodeUTF8(bytes[start..<index - 1])
        }
        var buffer = Array(bytes[start..<index])
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return try decodeUTF8(buffer[...])
            case UInt8(ascii: "\\"): try escape(into: &buffer)
            case 0..<0x20: throw error("control character in a string")
            default: buffer.append(byte)
            }
        }
        throw error("unterminated string (truncated document?)")
    }

    private func decodeUTF8(_ slice: ArraySlice<UInt8>) throws(JSONSyntaxError) -> String {
        guard let text = String(validating: slice, as: UTF8.self) else { throw error("invalid UTF-8 in a string") }
        return text
    }

    private mutating func escape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = current else { throw error("unterminated escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var code = try hex4()
            if (0xD800..<0xDC00).contains(code) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("unpaired surrogate in \\u escape")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(code) { throw error("unpaired surrogate in \\u escape") }
            guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
            buffer.append(contentsOf: String(Character(scalar)).utf8)
        default: throw error("invalid escape: a backslash before \(Self.describe(byte))")
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var code: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { throw error("invalid \\u escape") }
            code = code << 4 | UInt32(digit)
        }
        index += 4
        return code
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        _ = takeIf("-")
        guard takeIf("0") || skipDigits() > 0 else { throw error("invalid number") }
        if takeIf("."), skipDigits() == 0 { throw error("invalid number") }
        if takeIf("e") || takeIf("E") {
            _ = takeIf("+") || takeIf("-")
            guard skipDigits() > 0 else { throw error("invalid number") }
        }
        guard let text = String(validating: bytes[start..<index], as: UTF8.self), let value = Double(text) else {
            throw error("invalid number")
        }
        return value
    }

    private mutating func takeIf(_ ascii: Unicode.Scalar) -> Bool {
        guard let byte = current, UInt32(byte) == ascii.value else { return false }
        index += 1
        return true
    }

    private mutating func skipDigits() -> Int {
        let start = index
        while let byte = current, byte >= 0x30, byte <= 0x39 { index += 1 }
        return index - start
    }
}

public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    public let offset, line: Int
    public internal(set) var exceedsLimit = false
    public var description: String { "invalid JSON at line \(line) (byte \(offset)): \(reason)" }
}
